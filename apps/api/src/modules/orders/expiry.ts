/**
 * Releases unpaid online orders once their payment window (ORDER_PAYMENT_TIMEOUT_MINUTES)
 * has passed: a recurring job (lib/jobs), at start and then every minute, once per minute
 * across API instances. Releasing is a conditional update too, so an order is released once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs';
import type { OrdersService } from './service';

const EVERY_MS = 60_000;
/** The job's name in the queue and the job history. */
export const EXPIRE_UNPAID_JOB = 'orders-expire-unpaid';

/** Registers the expiry job and its period with `jobs` (before `jobs.start()`). */
export function scheduleUnpaidOrderExpiry(jobs: Jobs, orders: OrdersService, log: FastifyBaseLogger): void {
  // No retries: the next minute's run is the retry.
  jobs.work(
    EXPIRE_UNPAID_JOB,
    async () => {
      const released = await orders.expireUnpaid();
      if (released > 0) log.info({ released }, 'released unpaid orders past their payment window');
    },
    { retryLimit: 0 },
  );
  jobs.schedule(EXPIRE_UNPAID_JOB, EVERY_MS);
}
