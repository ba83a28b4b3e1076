/**
 * Who is calling (behaviour.md §6): the session token comes as `Authorization: Bearer` or as the httpOnly
 * `auth_token` cookie. `app.requireUser` refuses calls without a valid session;
 * `app.identifyUser` only notes one if present; `app.optionalUser` accepts no token but refuses
 * a bad one. All three are `onRequest` hooks, so a caller without a session gets 401 before
 * the body is read or validated (nothing about the route's input leaks to a stranger); a route
 * that puts one in `preHandler` is refused when the app is built. Writes authenticated by the
 * cookie alone must come from a storefront origin, which stops other sites riding on the
 * shopper's cookie.
 */
import { AUTH_MESSAGES, AUTH_TOKEN_STORAGE_NAME } from '@vastra/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../lib/errors';

/**
 * What authentication needs of the auth module's sessions (SessionService, passed in by the
 * app): the claims of a valid token, or UnauthorizedError.
 */
export type SessionVerifier = { verify(token: string): Promise<{ userId: string; sessionId: string }> };

export type Principal = { userId: string; sessionId: string; via: 'bearer' | 'cookie' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session, set by `requireUser` / `identifyUser`; null for a guest. */
    principal: Principal | null;
  }
  interface FastifyInstance {
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    identifyUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/** The token the request carries and how; the bearer wins when both are sent. */
function findToken(request: FastifyRequest): { token: string; via: Principal['via'] } | undefined {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = request.cookies?.[AUTH_TOKEN_STORAGE_NAME];
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

function requestOrigin(request: FastifyRequest): string | undefined {
  if (request.headers.origin) return request.headers.origin;
  try {
    return request.headers.referer ? new URL(request.headers.referer).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Adds the `principal` request field, the origin check and the requireUser / identifyUser /
 * optionalUser hooks. Throws while routes are registered if a route runs one as a preHandler.
 */
export function registerAuthentication(
  app: FastifyInstance,
  sessions: SessionVerifier,
  storefrontOrigins: readonly string[],
): void {
  app.decorateRequest('principal', null);

  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!findToken(request) || bearerToken(request)) return;
    const origin = requestOrigin(request);
    if (!origin || !storefrontOrigins.includes(origin)) throw new ForbiddenError(AUTH_MESSAGES.originNotAllowed);
  });

  app.decorate('requireUser', async (request: FastifyRequest) => {
    const found = findToken(request);
    if (!found) throw new UnauthorizedError(AUTH_MESSAGES.authRequired);
    request.principal = { ...(await sessions.verify(found.token)), via: found.via };
  });

  // For calls a guest may make too (the cart): no token means a guest, but a token that no
  // longer works is a 401, so the storefront logs out rather than showing a guest's cart.
  app.decorate('optionalUser', async (request: FastifyRequest) => {
    const found = findToken(request);
    if (found) request.principal = { ...(await sessions.verify(found.token)), via: found.via };
  });

  app.decorate('identifyUser', async (request: FastifyRequest) => {
    const found = findToken(request);
    if (!found) return;
    try {
      request.principal = { ...(await sessions.verify(found.token)), via: found.via };
    } catch (err) {
      if (!(err instanceof UnauthorizedError)) throw err;
    }
  });

  const guards = new Set<unknown>([app.requireUser, app.identifyUser, app.optionalUser]);
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    if (preHandlers.some((hook) => guards.has(hook))) {
      throw new Error(`${route.method} ${route.url}: authenticate in onRequest, not preHandler`);
    }
  });
}

/** The principal set by `requireUser`; for handlers behind it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new UnauthorizedError(AUTH_MESSAGES.authRequired);
  return request.principal;
}
