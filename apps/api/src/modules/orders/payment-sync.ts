/**
 * Keeping an order in step with its payment (behaviour.md §4 paymentStatus, §12): the payments
 * module's listener (a payment completed or failed), the shopper's status check, the expiry of
 * unpaid orders, releasing what a failed order held, and refunding money that arrives for an
 * order that no longer waits for it.
 */
import type { PaymentStatus, PaymentStatusResult } from '@vastra/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { OrderQueries } from './queries';
import { orderEvents, orders } from './tables';
import type { OrderTransitions } from './transitions';
import { ONLINE_GATEWAYS, type OrdersDeps } from './types';

/** Work to do after the caller's transaction commits (a mail, a refund submission). */
export type AfterCommit = () => Promise<void>;

export class OrderPaymentSync {
  constructor(
    private readonly deps: OrdersDeps,
    private readonly queries: OrderQueries,
    private readonly transitions: OrderTransitions,
  ) {}

  /**
   * The payments module's listener: a payment became completed or failed, inside its
   * transaction `db`. Completed places the order (the confirmation mail is queued by the work
   * returned, which the payments module runs only after the commit: a rollback mails nothing);
   * failed releases what the order held. Applied once: the update only matches an order whose
   * payment is still pending; money for an order released meanwhile is refunded.
   */
  async applyPaymentStatus(
    db: Db,
    orderId: string,
    status: PaymentStatus,
    source: string,
  ): Promise<AfterCommit | undefined> {
    if (status === 'pending') return;
    if (status === 'completed') {
      const [row] = await db
        .update(orders)
        .set({
          paymentStatus: 'completed',
          paidAt: sql`now()`,
          status: sql`CASE WHEN ${orders.status} = 'pending_payment' THEN 'placed' ELSE ${orders.status} END`,
          paymentUrl: null,
          paymentExpiresAt: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
        .returning({ id: orders.id, status: orders.status });
      if (!row) return this.refundLatePayment(db, orderId, source);
      await db.insert(orderEvents).values({ orderId, status: row.status, actor: source, note: 'Payment received' });
      return async () => {
        await this.transitions.sendConfirmation(orderId);
      };
    }
    await this.release(db, orderId, source, 'Payment failed');
  }

  /**
   * behaviour.md §4 paymentStatus of the caller's order. A pending online payment is read from the
   * gateway first (the shopper may have paid a moment ago), and an expired one is released.
   */
  async paymentStatus(userId: string, orderId: string): Promise<PaymentStatusResult> {
    let row = await this.queries.own(userId, orderId);
    if (
      row.paymentStatus === 'pending' &&
      ONLINE_GATEWAYS.has(row.paymentGateway) &&
      row.status === 'pending_payment'
    ) {
      await this.deps.payments.refresh(row.id).catch((err: unknown) => {
        this.deps.log.warn({ err, orderId }, 'payment status could not be read from the gateway');
      });
      row = await this.queries.own(userId, orderId);
      if (row.paymentStatus === 'pending' && row.paymentExpiresAt && row.paymentExpiresAt <= new Date()) {
        await this.expire(row.id);
        row = await this.queries.own(userId, orderId);
      }
    }
    return {
      orderId: row.id,
      orderNumber: row.orderNumber,
      status: row.status,
      paymentStatus: row.paymentStatus,
      paymentGateway: row.paymentGateway,
      paymentUrl: row.paymentStatus === 'pending' ? row.paymentUrl : null,
    };
  }

  /**
   * Releases every online order whose payment window has passed (the gateway is asked once
   * more first). Returns how many orders were released. Run by a timer and on demand.
   */
  async expireUnpaid(now = new Date()): Promise<number> {
    const due = await this.deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.paymentStatus, 'pending'),
          eq(orders.status, 'pending_payment'),
          lt(orders.paymentExpiresAt, now),
        ),
      )
      .limit(100);
    let released = 0;
    for (const { id } of due) {
      await this.deps.payments.refresh(id).catch(() => undefined);
      if (await this.expire(id)) released += 1;
    }
    return released;
  }

  /**
   * Marks a pending order's payment failed and gives back its stock, coupon use and gift
   * card hold. Returns false when the order was not pending (already settled: nothing done).
   */
  async release(db: Db, orderId: string, actor: string, note: string): Promise<boolean> {
    const [row] = await db
      .update(orders)
      .set({
        paymentStatus: 'failed',
        status: 'payment_failed',
        paymentUrl: null,
        paymentExpiresAt: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending'), eq(orders.status, 'pending_payment')))
      .returning({ id: orders.id });
    if (!row) return false;
    await this.transitions.giveBack(db, orderId, actor);
    await db.insert(orderEvents).values({ orderId, status: 'payment_failed', actor, note });
    return true;
  }

  private async expire(orderId: string): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      await this.deps.payments.fail(tx, orderId, 'Payment window expired');
      return this.release(tx, orderId, 'system', 'Payment not completed in time');
    });
  }

  /**
   * Money arrived for an order that no longer waits for it (it expired, failed or was
   * cancelled first): the payment goes straight back through the gateway (requestRefund takes
   * the order's latest completed payment: this one) and the timeline says so. The refund is
   * submitted after the commit.
   */
  private async refundLatePayment(db: Db, orderId: string, source: string): Promise<AfterCommit | undefined> {
    const [order] = await db
      .select({ status: orders.status, payablePaise: orders.payablePaise })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return;
    const refund = await this.deps.payments.requestRefund(db, {
      orderId,
      returnRequestId: null,
      method: 'gateway',
      amountPaise: order.payablePaise,
      reason: 'Payment received after the order was released',
    });
    this.deps.log.warn({ orderId, source }, 'payment completed for an order no longer awaiting payment: refunding it');
    if (!refund) return;
    await db.insert(orderEvents).values({
      orderId,
      status: order.status,
      actor: source,
      note: 'Payment received after the order was released: refunded',
    });
    return async () => {
      await this.deps.payments.submitRefund(refund.id);
    };
  }
}
