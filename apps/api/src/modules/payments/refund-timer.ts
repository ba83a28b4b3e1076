/**
 * Brings pending gateway refunds up to date without anyone asking: a recurring job (lib/jobs),
 * at start and then every REFUND_REFRESH_MINUTES (0 = never; the tests' default), once per
 * period across API instances. It submits refunds the gateway has not accepted yet (it was
 * down) and reads the state of accepted ones, in case a webhook was lost. A refund is claimed
 * in the database before it is submitted, and settles once (conditional update).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Jobs } from '../../lib/jobs';
import type { PaymentService } from './service';

/** A refund changed this recently is left to the submit that follows its commit. */
const IDLE_FOR_MS = 60_000;
/** The job's name in the queue and the job history. */
export const REFUND_REFRESH_JOB = 'payments-refund-refresh';

/** Registers the refresh job and its period (ms; 0 = never) with `jobs` (before `jobs.start()`). */
export function scheduleRefundRefresh(
  jobs: Jobs,
  payments: PaymentService,
  everyMs: number,
  log: FastifyBaseLogger,
): void {
  jobs.work(
    REFUND_REFRESH_JOB,
    async () => {
      const looked = await payments.refreshPendingRefunds({ idleForMs: IDLE_FOR_MS });
      if (looked > 0) log.info({ refunds: looked }, 'refreshed pending refunds');
    },
    { retryLimit: 0 },
  );
  jobs.schedule(REFUND_REFRESH_JOB, everyMs);
}
