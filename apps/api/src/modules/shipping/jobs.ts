/**
 * The shipment booking's jobs (behaviour.md "Shipping operations: booking"): `shipping.cancel`
 * cancels the courier's order of a cancelled order, queued after the cancellation commits and
 * retried while the courier service fails (the payload is the order's id); `shipping.cancel-sweep`,
 * every 15 minutes across instances, cancels what a lost or exhausted job left live.
 */
import type { RetryOptions } from '../../lib/jobs';
import type { JobDefinition } from '../../lib/module';
import type { ShipmentCancellation } from './shipment-cancel';

export const SHIPMENT_CANCEL_JOB = 'shipping.cancel';
export const SHIPMENT_CANCEL_SWEEP_JOB = 'shipping.cancel-sweep';
/** How often the sweep runs, in ms: a courier order left live is cancelled at most this long after. */
export const SHIPMENT_CANCEL_SWEEP_EVERY_MS = 15 * 60_000;

/**
 * Ten retries with the store's wait (JOBS_RETRY_DELAY_MS) doubled at each: with the default 30 s,
 * the last about eight hours after the first, so an outage of an afternoon is outlasted.
 */
export const SHIPMENT_CANCEL_RETRY: Partial<RetryOptions> = { retryLimit: 10, backoff: true };

export function shipmentJobs(cancellation: ShipmentCancellation): JobDefinition[] {
  return [
    {
      name: SHIPMENT_CANCEL_JOB,
      handler: ({ orderId }: { orderId: string }) => cancellation.cancel(orderId),
      retry: SHIPMENT_CANCEL_RETRY,
    },
    {
      name: SHIPMENT_CANCEL_SWEEP_JOB,
      handler: async () => void (await cancellation.sweep()),
      retry: { retryLimit: 0 },
      everyMs: SHIPMENT_CANCEL_SWEEP_EVERY_MS,
    },
  ];
}
