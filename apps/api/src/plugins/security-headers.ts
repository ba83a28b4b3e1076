/**
 * Helmet's security headers on every answer (docs/performance.md "What makes it fast"). They
 * are the same for every request, so helmet's middleware runs once, at start, against a blank
 * response, and each request copies the headers it set: `@fastify/helmet` built the whole
 * middleware again on every request. Routes that set their own Content-Security-Policy (the
 * admin app, /docs, the sandbox payment page, uploads) still replace helmet's.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** A response header as Node's `setHeader` takes it: the name as helmet spells it, and its value. */
export type Header = readonly [name: string, value: string | number | readonly string[]];

/**
 * The headers helmet sets with `options`. Only for options that do not depend on the request
 * (no Content-Security-Policy directive given as a function).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Header[] {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (err) => {
    if (err) throw err;
  });
  // Node has it on every outgoing message; @types/node 20 declares it on ClientRequest only.
  const names = (response as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames();
  return names.map((name) => [name, response.getHeader(name)!]);
}

/** Sets helmet's headers for `options` on every answer of `app`, made once here. */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * The API's headers: it answers JSON, and its two HTML pages (/docs, the sandbox payment page)
 * set their own policies; product photos and uploads are shown by the storefront, another
 * origin of the same site; HSTS once served over https (`secure`).
 */
export function registerApiSecurityHeaders(app: FastifyInstance, secure: boolean): void {
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}
