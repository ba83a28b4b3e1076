/**
 * The orders module's jobs (lib/module.ts): one mail of an order (confirmation or a status
 * change), and the release of unpaid online orders past their payment window
 * (ORDER_PAYMENT_TIMEOUT_MINUTES), every minute at most once across instances (releasing is a
 * conditional update too, so an order is released once).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../lib/module';
import type { OrderMailEvent } from './mail';

/**
 * The job that sends one mail of an order: the order's id and which mail, never an address
 * or anything else of the shopper's (the order is read again when it runs).
 */
export const ORDER_MAIL_JOB = 'mail-order';
export type OrderMailJob = { orderId: string; mail: 'confirmation' | OrderMailEvent };

/** The job releasing unpaid orders, in the queue and the job history. */
export const EXPIRE_UNPAID_JOB = 'orders-expire-unpaid';
const EXPIRE_EVERY_MS = 60_000;

/** The jobs of the orders module over what they call of OrdersService. */
export function ordersJobs(
  orders: { sendMail(job: OrderMailJob): Promise<void>; expireUnpaid(): Promise<number> },
  log: FastifyBaseLogger,
): JobDefinition[] {
  return [
    { name: ORDER_MAIL_JOB, handler: (job: OrderMailJob) => orders.sendMail(job) },
    {
      name: EXPIRE_UNPAID_JOB,
      handler: async () => {
        const released = await orders.expireUnpaid();
        if (released > 0) log.info({ released }, 'released unpaid orders past their payment window');
      },
      // No retries: the next minute's run is the retry.
      retry: { retryLimit: 0 },
      everyMs: EXPIRE_EVERY_MS,
    },
  ];
}
