/**
 * The webhooks module's jobs (lib/module.ts): one delivery's next attempt, retried with back-off
 * (WEBHOOK_RETRY), and the mail to the owner about an endpoint switched off. Payloads are ids.
 */
import type { RetryOptions } from '../../lib/jobs';
import type { JobDefinition } from '../../lib/module';

/** The job that makes one delivery's next attempt; its payload is the delivery's id. */
export const DELIVER_JOB = 'webhooks.deliver';
/** The job that mails the owner about an endpoint switched off; its payload is the endpoint's id. */
export const SWITCHED_OFF_JOB = 'webhooks.switched-off';

/** The jobs of the webhooks module over WebhookDelivery. */
export function webhooksJobs(
  delivery: { deliver(deliveryId: string): Promise<void>; mailSwitchedOff(endpointId: string): Promise<void> },
  retry: RetryOptions,
): JobDefinition[] {
  return [
    { name: DELIVER_JOB, handler: ({ deliveryId }: { deliveryId: string }) => delivery.deliver(deliveryId), retry },
    {
      name: SWITCHED_OFF_JOB,
      handler: ({ endpointId }: { endpointId: string }) => delivery.mailSwitchedOff(endpointId),
    },
  ];
}
