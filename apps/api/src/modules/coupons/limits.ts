/**
 * How fast coupon and gift card codes may be tried: GET /coupons/code/{code}, POST
 * /coupons/validate and the codes sent with POST /orders share one budget per client address
 * and one per account, so codes cannot be guessed at speed through any of them.
 */
import { AUTH_MESSAGES } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import { createLimitGuard, type LimitGuard } from '../../plugins/rate-limit';

/** Code lookups allowed: enough for a shopper trying a few codes and re-quoting as the cart changes. */
export const COUPON_LIMITS = {
  lookups: {
    ip: { max: 60, timeWindow: 10 * 60_000 },
    account: { max: 30, timeWindow: 10 * 60_000 },
  },
};

/**
 * The preHandler counting one code lookup (429 with Retry-After beyond COUPON_LIMITS); per
 * account only after a hook that identified the caller. Made once (app.ts) and given to every
 * route that looks codes up: in memory, each guard keeps counters of its own.
 */
export function createCodeLookupGuard(app: FastifyInstance): LimitGuard {
  return createLimitGuard(app, 'coupons:lookup', COUPON_LIMITS.lookups, AUTH_MESSAGES.tooManyRequests);
}
