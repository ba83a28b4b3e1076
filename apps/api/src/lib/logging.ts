/**
 * What the API's request log may hold. Request ids are ours (random UUIDs); a caller's
 * `x-request-id` is kept only when it is well formed, so a client cannot write arbitrary text
 * into log lines. Guest cart ids are capabilities (whoever knows one holds that cart), so
 * they are masked in logged URLs like the admin's set-up tokens.
 *
 * Every line written while a request is handled carries its `reqId`: Fastify's `request.log`
 * binds it, and `logMixin` adds it to lines of other loggers (the services' `app.log`).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A caller-supplied request id we keep: letters, digits, `-` and `_`, 8 to 64 of them (a UUID fits). */
const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** Fastify's `genReqId`: the caller's `x-request-id` when well formed, else a new UUID. */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && WELL_FORMED_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The request being handled: its id, and its own logger, which binds the id already. */
type RequestContext = { id: string; log: unknown };
const requestContext = new AsyncLocalStorage<RequestContext>();

/**
 * onRequest hook, registered before any other (app.ts): runs the rest of the request (later
 * hooks, the handler, and the work they start) inside its context, so `logMixin` finds it.
 * Fastify has no request context of its own; this is what `@fastify/request-context` does.
 */
export function enterRequestContext(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  requestContext.run({ id: request.id, log: request.log }, done);
}

/**
 * pino's `mixin` (app.ts): `{ reqId }` of the request being handled for a line of any logger
 * but the request's own (whose line has it already), `{}` outside a request.
 */
export function logMixin(_line: object, _level: number, logger: unknown): { reqId?: string } {
  const request = requestContext.getStore();
  return request && request.log !== logger ? { reqId: request.id } : {};
}

/**
 * The URL with guest ids (`guestId=` in the query), set-up link tokens (`token=`, the admin's
 * invitations), WhatsApp's webhook verify token (`hub.verify_token=`) and commerce cart ids
 * (`/store/carts/:id`) masked.
 */
export function maskUrl(url: string): string {
  return url
    .replace(/([?&](?:guestId|token|hub\.verify_token)=)[^&#]*/gi, '$1[masked]')
    .replace(/(\/store\/carts\/)[^/?#]+/g, '$1[masked]');
}

/** The request as logged: method, masked URL, host and client address. */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: maskUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * Fastify's request log lines, cheaper (`logController` in app.ts): one info line per answered
 * request (method, masked URL, client address, status, ms) when it has gone, instead of an
 * "incoming request" line and a "request completed" line; a failed answer is still logged as
 * an error with its cause. Logging each request cost 35–60 µs of CPU at info against warn, the
 * second line about 20 µs of it (a cached product answer). Fastify's other lines are unchanged.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) {
      super.requestCompleted(error, request, reply, {});
      return;
    }
    request.log.info(
      {
        method: request.method,
        url: maskUrl(request.url),
        remoteAddress: request.ip,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  }
}

/**
 * The logger's options of the app and of the worker (pino's): `level` (LOG_LEVEL; false when
 * 'silent'), lines to `stream` (default stdout), with the headers that carry tokens redacted
 * (passwords and codes travel only in bodies, which are never logged) and each line's request id.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  if (level === 'silent') return false as const;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { req: serializeRequest },
    mixin: logMixin,
  };
}
