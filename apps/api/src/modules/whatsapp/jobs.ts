/**
 * The whatsapp module's jobs (docs/behaviour.md "WhatsApp updates", "COD confirmation"):
 * `whatsapp.notify` sends one order update (WhatsApp, else a text, at most once: claimed in
 * `whatsapp_messages`), retried with backoff while the provider fails; `whatsapp.cod-expire`
 * cancels held cash on delivery orders past their hours, every minute. Payloads hold ids and
 * plain values only: the number and the confirmation link are worked out when the job runs.
 */
import type { RetryOptions } from '../../lib/jobs';
import type { JobDefinition } from '../../lib/module';

export const WHATSAPP_NOTIFY_JOB = 'whatsapp.notify';
export const WHATSAPP_COD_EXPIRE_JOB = 'whatsapp.cod-expire';

/** The updates a shopper may get, each an approved template. */
export const WHATSAPP_UPDATES = [
  'placed',
  'shipped',
  'out_for_delivery',
  'undelivered',
  'delivered',
  'refunded',
  'cod_confirmation',
] as const;
export type WhatsappUpdate = (typeof WHATSAPP_UPDATES)[number];

/** One update of one order (refunded: which refund, and its amount in paise). */
export type WhatsappNotice = { orderId: string; update: WhatsappUpdate; refundId?: string; amountPaise?: number };

/** Retries of an update whose provider is down: 30 s, 1, 2, 4, 8 min, then given up. */
export const WHATSAPP_RETRY: RetryOptions = { retryLimit: 5, retryDelayMs: 30_000, backoff: true };
const EXPIRE_EVERY_MS = 60_000;

export function whatsappJobs(
  service: { deliver(notice: WhatsappNotice): Promise<void>; expireHeld(): Promise<number> },
  log: { info(obj: object, msg: string): void },
  retry: RetryOptions = WHATSAPP_RETRY,
): JobDefinition[] {
  return [
    { name: WHATSAPP_NOTIFY_JOB, handler: (notice: WhatsappNotice) => service.deliver(notice), retry },
    {
      name: WHATSAPP_COD_EXPIRE_JOB,
      handler: async () => {
        const cancelled = await service.expireHeld();
        if (cancelled > 0) log.info({ cancelled }, 'cancelled cash on delivery orders left unconfirmed');
      },
      // No retries: the next minute's run is the retry.
      retry: { retryLimit: 0 },
      everyMs: EXPIRE_EVERY_MS,
    },
  ];
}
