/**
 * The cart module's jobs (lib/module.ts): the removal of guest carts nobody has touched for
 * GUEST_CART_TTL_DAYS (30 days), at start and then every six hours; the scan for idle carts due
 * a reminder, every 10 minutes; and the mail of one claimed reminder (docs/behaviour.md "Cart
 * reminders"). Recurring jobs run once per period across API instances; the delete is
 * idempotent, a reminder is claimed once in the database and its mail marked once.
 */
import { GUEST_CART_TTL_DAYS } from '@vastra/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../lib/module';

const DAY_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 6 * 60 * 60 * 1000;
/** The job's name in the queue and the job history. */
export const GUEST_CART_CLEANUP_JOB = 'cart-guest-cleanup';
/** The scan claiming the reminders due and queueing their mails. */
export const CART_REMINDERS_SCAN_JOB = 'cart.reminders-scan';
/** How often the scan runs, in ms: a reminder goes at most this long after it is due. */
export const CART_REMINDERS_SCAN_EVERY_MS = 10 * 60_000;
/** The mail of one claimed reminder: its id only (the cart and shopper are read when it runs). */
export const CART_REMINDER_MAIL_JOB = 'cart.reminder-mail';
export type CartReminderMailJob = { reminderId: string };

/** The jobs of the cart module over CartService's clean-up and the reminders. */
export function cartJobs(
  carts: { removeIdleGuestCarts(before: Date): Promise<number> },
  reminders: { scan(): Promise<string[]>; send(job: CartReminderMailJob): Promise<void> },
  log: FastifyBaseLogger,
): JobDefinition[] {
  return [
    {
      name: GUEST_CART_CLEANUP_JOB,
      handler: async () => {
        const removed = await carts.removeIdleGuestCarts(new Date(Date.now() - GUEST_CART_TTL_DAYS * DAY_MS));
        if (removed > 0) log.info({ removed }, 'removed idle guest carts');
      },
      retry: { retryLimit: 0 },
      everyMs: EVERY_MS,
    },
    {
      name: CART_REMINDERS_SCAN_JOB,
      handler: async () => {
        const reminded = await reminders.scan();
        if (reminded.length > 0) log.info({ reminded: reminded.length }, 'queued cart reminders');
      },
      // No retries: the next period's scan finds the same carts.
      retry: { retryLimit: 0 },
      everyMs: CART_REMINDERS_SCAN_EVERY_MS,
    },
    { name: CART_REMINDER_MAIL_JOB, handler: (job: CartReminderMailJob) => reminders.send(job) },
  ];
}
