/**
 * The cart module's job (lib/module.ts): removes guest carts nobody has touched for
 * GUEST_CART_TTL_DAYS (30 days), at start and then every six hours, once per period across API
 * instances. The delete is idempotent too.
 */
import { GUEST_CART_TTL_DAYS } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../lib/module';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;
/** The job's name in the queue and the job history. */
export const GUEST_CART_CLEANUP_JOB = 'cart-guest-cleanup';

/** The jobs of the cart module over CartService's clean-up. */
export function cartJobs(
  carts: { removeIdleGuestCarts(before: Date): Promise<number> },
  log: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: GUEST_CART_CLEANUP_JOB,
      handler: async () => {
        const removed = await carts.removeIdleGuestCarts(new Date(Date.now() - GUEST_CART_TTL_DAYS * DAY_MS));
        if (removed > 0) log.info({ removed }, 'removed idle guest carts');
      },
      retry: { retryLimit: 0 },
      everyMs: EVERY_MS,
    },
  ];
}
