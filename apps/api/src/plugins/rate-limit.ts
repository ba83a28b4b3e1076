/**
 * Request limits of the shop's endpoints (the account endpoints have their own, see
 * auth/rate-limits.ts): a guard counts each request per client address and, when the caller
 * has a session, per account, with @fastify/rate-limit's counters (in Redis when REDIS_URL is
 * set, so every API instance shares them; else in memory).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../lib/errors';

/** At most `max` requests per `timeWindow` milliseconds. */
export type Limit = { max: number; timeWindow: number };

/** A preHandler that throws when a request is over its limits. */
export type LimitGuard = (request: FastifyRequest) => Promise<void>;

export const HOUR_MS = 60 * 60_000;

/** The account a request is counted against: the caller's user id, once a hook identified it. */
const callerAccount = (request: FastifyRequest): string | undefined => request.principal?.userId;

/**
 * A guard counting each request under `name` against `limits.ip` (per `request.ip`) and
 * against `limits.account` (per `accountOf(request)`, by default the caller's user id once an
 * earlier hook set `request.principal`; a request without one is not counted there). Over
 * either it throws TooManyRequestsError(message) with Retry-After = the seconds left in that
 * window. Needs @fastify/rate-limit registered on `app` first.
 */
export function createLimitGuard(
  app: FastifyInstance,
  name: string,
  limits: { ip?: Limit; account?: Limit },
  message: string,
  accountOf: (request: FastifyRequest) => string | undefined = callerAccount,
): LimitGuard {
  const counters: { count: ReturnType<FastifyInstance['createRateLimit']>; applies: (r: FastifyRequest) => boolean }[] =
    [];
  if (limits.ip) {
    counters.push({
      count: app.createRateLimit({ ...limits.ip, keyGenerator: (r) => `${name}:ip:${r.ip}` }),
      applies: () => true,
    });
  }
  if (limits.account) {
    counters.push({
      count: app.createRateLimit({ ...limits.account, keyGenerator: (r) => `${name}:account:${accountOf(r)}` }),
      applies: (r) => accountOf(r) !== undefined,
    });
  }
  return async (request) => {
    for (const { count, applies } of counters) {
      if (!applies(request)) continue;
      const result = await count(request);
      if (!result.isAllowed && result.isExceeded) throw new TooManyRequestsError(message, result.ttlInSeconds);
    }
  };
}
