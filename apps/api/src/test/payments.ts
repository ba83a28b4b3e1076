/**
 * Test helpers for payments: a `payment.settled` subscriber that records each status change it
 * is told, and the payment's stored events (order rows come from test/orders.ts).
 */
import { asc, eq } from 'drizzle-orm';
import type { PaymentStatus } from '@vastra/contracts';
import type { Db } from '../db/client';
import { orders } from '../modules/orders/tables';
import type { DomainEventHandler } from '../lib/events';
import { paymentEvents, payments } from '../modules/payments/tables';

export type StatusCall = { orderId: string; status: PaymentStatus; source: string };

/**
 * A `payment.settled` subscriber that records every call and, like the orders module, writes
 * the order's paymentStatus with the executor it is given (so a rollback undoes it) and leaves
 * work for after the commit, which records what the root database then shows. `failFor` makes it
 * throw for one order, `failAfterCommitFor` makes its after-commit work throw.
 */
export function recordingListener(rootDb: () => Db) {
  const calls: StatusCall[] = [];
  const committed: (StatusCall & { visible: PaymentStatus })[] = [];
  const failFor = new Set<string>();
  const failAfterCommitFor = new Set<string>();
  const listener: DomainEventHandler<'payment.settled'> = async ({ db, orderId, status, source, afterCommit }) => {
    await db.update(orders).set({ paymentStatus: status }).where(eq(orders.id, orderId));
    if (failFor.has(orderId)) throw new Error('listener failed on purpose');
    calls.push({ orderId, status, source });
    afterCommit(async () => {
      if (failAfterCommitFor.has(orderId)) throw new Error('after-commit work failed on purpose');
      committed.push({ orderId, status, source, visible: await orderPaymentStatus(rootDb(), orderId) });
    });
  };
  const reset = () => {
    calls.length = 0;
    committed.length = 0;
    failFor.clear();
    failAfterCommitFor.clear();
  };
  return { calls, committed, listener, failFor, failAfterCommitFor, reset };
}

/** The payment rows of an order, oldest first. */
export async function paymentsOf(db: Db, orderId: string) {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.createdAt));
}

/** The events of a payment, oldest first. */
export async function eventsOf(db: Db, paymentId: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
}

/** The order's paymentStatus column, as the listener left it. */
export async function orderPaymentStatus(db: Db, orderId: string): Promise<PaymentStatus> {
  const [row] = await db.select({ paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId));
  return row!.paymentStatus;
}
