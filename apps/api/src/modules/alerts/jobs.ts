/**
 * The alerts module's job (lib/module.ts): the scan that mails back-in-stock and price-drop
 * alerts (docs/shopper-features.md "Alerts"), queued after stock comes back or a price changes,
 * and run every 30 minutes as a safety net. Its payload is empty (nothing to store).
 */
import type { JobDefinition } from '../../lib/module';

/** The job's name in the queue and the job history. */
export const ALERTS_SCAN_JOB = 'alerts.scan';
/** The safety net's period, in ms: changes made where no job was sent are mailed within it. */
export const ALERTS_SCAN_EVERY_MS = 30 * 60_000;

/** The jobs of the alerts module over AlertsService's scan. */
export function alertsJobs(alerts: { scan(): Promise<unknown> }): JobDefinition[] {
  return [
    {
      name: ALERTS_SCAN_JOB,
      handler: async () => void (await alerts.scan()),
      // No retries: the next change or the timer runs the scan again.
      retry: { retryLimit: 0 },
      everyMs: ALERTS_SCAN_EVERY_MS,
    },
  ];
}
