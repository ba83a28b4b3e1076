/**
 * The admin module's job (lib/module.ts): the store's own mails (admin/notifier.ts), every
 * STORE_NOTIFY_MINUTES (0 = never) once per period across instances.
 */
import type { JobDefinition } from '../../lib/module';

/** The job's name in the queue and the job history. */
export const STORE_NOTIFY_JOB = 'admin-store-notify';

/** The jobs of the admin module over StoreNotifier, run every `everyMs` ms. */
export function adminJobs(
  notifier: { sendNew(now: Date, everyMs: number): Promise<unknown>; sendDailySummary(): Promise<unknown> },
  everyMs: number,
): JobDefinition[] {
  return [
    {
      name: STORE_NOTIFY_JOB,
      handler: async () => {
        await notifier.sendNew(new Date(), everyMs);
        await notifier.sendDailySummary();
      },
      // No retries: the next run mails what this one could not.
      retry: { retryLimit: 0 },
      everyMs,
    },
  ];
}
