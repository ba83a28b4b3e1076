/**
 * Test helpers for payments: a minimal order row straight in the database (its user too),
 * a listener that records each status change it is told, and the payment's stored events.
 */
import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { PaymentStatus } from '@vastra/contracts';
import type { Db } from '../db/client';
import { orders } from '../modules/orders/tables';
import type { PaymentStatusListener } from '../modules/payments/service';
import { paymentEvents, payments } from '../modules/payments/tables';
import { users } from '../modules/users/tables';

let orderCounter = 0;

export type TestOrder = { id: string; orderNumber: string; userId: string; payablePaise: number };

/** An order waiting for an online payment of `payablePaise`, with the not-null columns filled. */
export async function insertOrder(
  db: Db,
  {
    gateway = 'sandbox',
    payablePaise = 129_900,
  }: { gateway?: 'sandbox' | 'phonepe' | 'cod'; payablePaise?: number } = {},
): Promise<TestOrder> {
  const [user] = await db
    .insert(users)
    .values({ email: `payer.${randomBytes(4).toString('hex')}@example.com`, name: 'Asha Rao' })
    .returning({ id: users.id });
  orderCounter += 1;
  const orderNumber = `VST-${process.pid % 1000}${String(orderCounter).padStart(4, '0')}`;
  const [order] = await db
    .insert(orders)
    .values({
      orderNumber,
      userId: user!.id,
      status: 'pending_payment',
      paymentGateway: gateway,
      shippingAddress: {
        firstName: 'Asha',
        lastName: 'Rao',
        street: '12 MG Road',
        city: 'Bengaluru',
        state: 'Karnataka',
        postalCode: '560001',
        country: 'India',
        phone: '9876543210',
      },
      placeOfSupply: '29',
      storeState: '29',
      pricesIncludeTax: true,
      subtotalPaise: payablePaise,
      taxablePaise: payablePaise,
      taxPaise: 0,
      totalPaise: payablePaise,
      payablePaise,
    })
    .returning({ id: orders.id });
  return { id: order!.id, orderNumber, userId: user!.id, payablePaise };
}

export type StatusCall = { orderId: string; status: PaymentStatus; source: string };

/**
 * A listener that records every call and, like the orders module, writes the order's
 * paymentStatus with the executor it is given (so a rollback undoes it) and returns work for
 * after the commit, which records what the root database then shows. `failFor` makes it
 * throw for one order, `failAfterCommitFor` makes its after-commit work throw.
 */
export function recordingListener(rootDb: () => Db) {
  const calls: StatusCall[] = [];
  const committed: (StatusCall & { visible: PaymentStatus })[] = [];
  const failFor = new Set<string>();
  const failAfterCommitFor = new Set<string>();
  const listener: PaymentStatusListener = async (db, orderId, status, source) => {
    await db.update(orders).set({ paymentStatus: status }).where(eq(orders.id, orderId));
    if (failFor.has(orderId)) throw new Error('listener failed on purpose');
    calls.push({ orderId, status, source });
    return async () => {
      if (failAfterCommitFor.has(orderId)) throw new Error('after-commit work failed on purpose');
      committed.push({ orderId, status, source, visible: await orderPaymentStatus(rootDb(), orderId) });
    };
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
