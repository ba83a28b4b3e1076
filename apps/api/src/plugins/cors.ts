/**
 * Cross-origin reads of the API (docs/architecture.md "Cross-origin calls and caching"): the
 * storefront's origins may call the shopper API with the session cookie; the merchant admin
 * (`/admin`, `/admin/api/*`) is served by the API itself and answers no origin at all. The
 * storefront and the API are one site, so the admin's SameSite=Strict cookie rides along with a
 * storefront script's request: any `Access-Control-Allow-*` there would let such a script read
 * the customers and the orders of a signed-in staff member.
 */
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { ADMIN_BASE_PATH } from '@vastra/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const under = (path: string | undefined, prefix: string) =>
  path !== undefined && (path === prefix || path.startsWith(`${prefix}/`));

/** The request's path with its percent-escapes decoded, as the router reads it; the raw path when malformed. */
function decodedPath(url: string): string {
  const path = url.split('?', 1)[0]!;
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether `request` is for the admin: its matched route (the router decodes `/%61dmin`), or,
 * for a preflight (answered by @fastify/cors's catch-all OPTIONS route) and an unmatched URL,
 * its decoded path.
 */
export function isAdminRequest(request: FastifyRequest): boolean {
  return under(request.routeOptions.url, ADMIN_BASE_PATH) || under(decodedPath(request.url), ADMIN_BASE_PATH);
}

/**
 * Registers @fastify/cors with per-request options: `storefrontOrigins` (with credentials) for
 * the shopper API; `origin: false` for the admin, which sends no CORS header and leaves its
 * preflights to the not-found handler (404, no `Access-Control-Allow-*`).
 */
export async function registerCors(app: FastifyInstance, storefrontOrigins: readonly string[]): Promise<void> {
  const shopper: FastifyCorsOptions = {
    origin: [...storefrontOrigins],
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  };
  const admin: FastifyCorsOptions = { origin: false };
  await app.register(cors, {
    delegator: (request, callback) => callback(null, isAdminRequest(request) ? admin : shopper),
  });
}
