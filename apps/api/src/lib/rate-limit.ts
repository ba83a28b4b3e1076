/**
 * Request limits of the shop's endpoints (the account endpoints have their own, see
 * auth/rate-limits.ts): a guard counts each request per client address and, when the caller
 * has a session, per account, with @fastify/rate-limit's counters (in Redis when REDIS_URL is
 * set, so every API instance shares them; else in memory).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyRequestsError } from './errors';

/** At most `max` requests per `timeWindow` milliseconds. */
export type Limit = { max: number; timeWindow: number };

/** A preHandler that throws when a request is over its limits. */
export type LimitGuard = (request: FastifyRequest) => Promise<void>;

export const HOUR_MS = 60 * 60_000;

/**
 * A guard counting each request under `name` against `limits.ip` (per `request.ip`) and, when
 * an earlier hook set `request.principal`, against `limits.account` (per user id). Over either
 * it throws TooManyRequestsError(message) with Retry-After = the seconds left in that window.
 * Needs @fastify/rate-limit registered on `app` first.
 */
export function createLimitGuard(
  app: FastifyInstance,
  name: string,
  limits: { ip?: Limit; account?: Limit },
  message: string,
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
      count: app.createRateLimit({ ...limits.account, keyGenerator: (r) => `${name}:account:${r.principal?.userId}` }),
      applies: (r) => r.principal !== null,
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
