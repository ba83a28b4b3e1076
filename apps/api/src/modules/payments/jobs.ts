/**
 * The payments module's job (lib/module.ts): brings pending gateway refunds up to date without
 * anyone asking, at start and then every REFUND_REFRESH_MINUTES (0 = never; the tests'
 * default), once per period across API instances. It submits refunds the gateway has not
 * accepted yet (it was down) and reads the state of accepted ones, in case a webhook was lost.
 * A refund is claimed in the database before it is submitted, and settles once (conditional
 * update).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../lib/module';

/** A refund changed this recently is left to the submit that follows its commit. */
const IDLE_FOR_MS = 60_000;
/** The job's name in the queue and the job history. */
export const REFUND_REFRESH_JOB = 'payments-refund-refresh';

/** The jobs of the payments module; the refresh runs every `refreshEveryMs` ms (0 = only when queued). */
export function paymentsJobs(
  payments: { refreshPendingRefunds(opts: { idleForMs: number }): Promise<number> },
  refreshEveryMs: number,
  log: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: REFUND_REFRESH_JOB,
      handler: async () => {
        const looked = await payments.refreshPendingRefunds({ idleForMs: IDLE_FOR_MS });
        if (looked > 0) log.info({ refunds: looked }, 'refreshed pending refunds');
      },
      retry: { retryLimit: 0 },
      everyMs: refreshEveryMs,
    },
  ];
}
