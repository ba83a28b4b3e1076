/**
 * The push module's jobs (docs/behaviour.md "Push notifications"): `push.notify` finds the
 * shopper's devices for one piece of news (an alert mail, an order step, a refund) and the kinds
 * they want; `push.deliver` sends it to one device, retried with backoff while its push service
 * fails (a device gone, 404 or 410, is forgotten instead). Payloads hold ids and plain values only.
 */
import type { RetryOptions } from '../../lib/jobs';
import type { JobDefinition } from '../../lib/module';
import type { PushedOrderStatus } from './texts';

export const PUSH_NOTIFY_JOB = 'push.notify';
export const PUSH_DELIVER_JOB = 'push.deliver';

/** Something to tell a shopper: an alert mail's sizes, or an order's step (refund: its amount in paise). */
export type PushNews =
  | { kind: 'alert'; userId: string; restockedVariantIds: string[]; dropVariantIds: string[] }
  | { kind: 'order'; orderId: string; status: PushedOrderStatus; amountPaise?: number };

/** One push: an alert's sizes of one kind, or an order's step. */
export type PushPart =
  | { kind: 'backInStock' | 'priceDrop'; variantIds: string[] }
  | { kind: 'order'; orderId: string; status: PushedOrderStatus; amountPaise?: number };

/** One push to one device. */
export type PushDelivery = { subscriptionId: string } & PushPart;

/** Retries of a delivery whose push service is down or throttling: 30 s, 1, 2, 4, 8 min, then given up. */
export const PUSH_RETRY: RetryOptions = { retryLimit: 5, retryDelayMs: 30_000, backoff: true };

/** The jobs over PushService's fan-out and delivery (`retry`: PUSH_RETRY unless a test says otherwise). */
export function pushJobs(
  push: { fanOut(news: PushNews): Promise<void>; deliver(delivery: PushDelivery): Promise<void> },
  retry: RetryOptions = PUSH_RETRY,
): JobDefinition[] {
  return [
    { name: PUSH_NOTIFY_JOB, handler: (news: PushNews) => push.fanOut(news) },
    {
      name: PUSH_DELIVER_JOB,
      handler: (delivery: PushDelivery) => push.deliver(delivery),
      retry,
    },
  ];
}
