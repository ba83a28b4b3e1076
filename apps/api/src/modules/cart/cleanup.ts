/**
 * Removes guest carts nobody has touched for GUEST_CART_TTL_DAYS (30 days): a recurring job
 * (lib/jobs), at start and then every six hours, once per period across API instances. The
 * delete is idempotent too.
 */
import { GUEST_CART_TTL_DAYS } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs';
import type { CartService } from './service';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;
/** The job's name in the queue and the job history. */
export const GUEST_CART_CLEANUP_JOB = 'cart-guest-cleanup';

/** Registers the clean-up job and its period with `jobs` (before `jobs.start()`). */
export function scheduleGuestCartCleanup(jobs: Jobs, carts: CartService, log: FastifyBaseLogger): void {
  jobs.work(
    GUEST_CART_CLEANUP_JOB,
    async () => {
      const removed = await carts.removeIdleGuestCarts(new Date(Date.now() - GUEST_CART_TTL_DAYS * DAY_MS));
      if (removed > 0) log.info({ removed }, 'removed idle guest carts');
    },
    { retryLimit: 0 },
  );
  jobs.schedule(GUEST_CART_CLEANUP_JOB, EVERY_MS);
}
