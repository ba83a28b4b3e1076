/**
 * Cancelling an order and removing it from the shopper's list (POST /orders/:id/cancel and
 * DELETE /orders/:id, behaviour.md §7 and §10): what is given back, what is refunded and who
 * hears of it.
 */
import { ORDER_MESSAGES, type Order, type OrderStatus, type RefundDestination } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { ConflictError } from '../../lib/errors';
import type { RefundRow } from '../payments';
import { CANCELLABLE, SHIPPED_OR_AFTER } from './lifecycle';
import type { OrderPresenter } from './presenter';
import type { OrderQueries } from './queries';
import { orders } from './tables';
import type { OrderTransitions } from './transitions';
import { ONLINE_GATEWAYS, type OrdersDeps } from './types';

export class OrderCancellation {
  constructor(
    private readonly deps: OrdersDeps,
    private readonly queries: OrderQueries,
    private readonly transitions: OrderTransitions,
    private readonly presenter: OrderPresenter,
  ) {}

  /**
   * Cancels the order in one transaction: the lifecycle step (with the reason), stock back,
   * coupon use back, gift card hold back, store credit part reversed; a pending online payment
   * is closed (a late payment is then refunded by the payment sync); a paid online order gets a
   * gateway refund of what was paid, or with `refundTo: 'wallet'` store credit at once; money
   * back on a gift card or the store credit is recorded as a completed refund of that method.
   * After the commit the cancel mail is queued, then the gateway refund submitted. COD: nothing
   * was paid, nothing to refund. `userId` null = the store cancels (no owner check); `onlyFrom`:
   * cancel only an order still in that status (a held order's expiry, cod-hold.ts).
   * ConflictError alreadyCancelled / cancelTooLate / cancelNotAllowed; NotFoundError.
   */
  async cancel(
    orderId: string,
    by: {
      userId: string | null;
      actor: 'shopper' | 'operator' | 'system';
      reason: string;
      refundTo?: RefundDestination;
      onlyFrom?: OrderStatus;
    },
  ): Promise<Order> {
    const { db, payments } = this.deps;
    const refundReason = `Order cancelled: ${by.reason}`;
    const gatewayRefunds = await db.transaction(async (tx) => {
      const current = await this.queries.forUpdate(tx, by.userId, orderId);
      if (current.status === 'cancelled') throw new ConflictError(ORDER_MESSAGES.alreadyCancelled);
      if (SHIPPED_OR_AFTER.has(current.status)) throw new ConflictError(ORDER_MESSAGES.cancelTooLate);
      if (!CANCELLABLE.has(current.status)) throw new ConflictError(ORDER_MESSAGES.cancelNotAllowed);
      if (by.onlyFrom && current.status !== by.onlyFrom) throw new ConflictError(ORDER_MESSAGES.cancelNotAllowed);

      await this.transitions.transition(tx, orderId, 'cancelled', {
        actor: by.actor,
        note: by.reason,
        cancelReason: by.reason,
      });
      const back = await this.transitions.giveBack(tx, orderId, by.actor);
      const online = ONLINE_GATEWAYS.has(current.paymentGateway);
      if (online && current.paymentStatus === 'pending') {
        await payments.fail(
          tx,
          orderId,
          by.actor === 'shopper' ? 'Cancelled by the shopper' : 'Cancelled by the store',
        );
        await tx
          .update(orders)
          .set({ paymentStatus: 'failed', paymentUrl: null, paymentExpiresAt: null })
          .where(eq(orders.id, orderId));
      }
      const made: RefundRow[] = [];
      if (online && current.paymentStatus === 'completed' && by.refundTo === 'wallet') {
        // The shopper chose store credit: at once, and it never expires (behaviour.md "Store credit").
        await this.deps.wallet.credit(tx, {
          userId: current.userId,
          amountPaise: current.payablePaise,
          source: 'refund',
          reason: refundReason,
          orderId,
          orderNumber: current.orderNumber,
        });
        back.walletPaise += current.payablePaise;
      } else if (online && current.paymentStatus === 'completed') {
        const refund = await payments.requestRefund(tx, {
          orderId,
          returnRequestId: null,
          method: 'gateway',
          amountPaise: current.payablePaise,
          reason: refundReason,
        });
        if (refund) made.push(refund);
      }
      await this.transitions.recordGivenBack(tx, orderId, back, refundReason);
      return made;
    });
    // The cancel mail is queued first: a gateway that settles at once (sandbox) queues the
    // refund-completed mail from submitRefund, which must not arrive before the cancellation.
    await this.transitions.notify(orderId, 'cancelled');
    await this.transitions.statusChanged(orderId, 'cancelled', false);
    for (const refund of gatewayRefunds) {
      await payments.submitRefund(refund.id).catch((err: unknown) => {
        this.deps.log.error({ err, orderId }, 'refund of a cancelled order could not be submitted');
      });
    }
    return this.presenter.one(await this.queries.byId(orderId));
  }

  /**
   * Removes a never-paid or cancelled order from the shopper's list: it is hidden, not erased
   * (invoices, refunds and the books keep it) and still readable by id. Idempotent.
   * ConflictError(deleteNotAllowed) for any other status; NotFoundError.
   */
  async hide(userId: string, orderId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.queries.forUpdate(tx, userId, orderId);
      if (row.status !== 'payment_failed' && row.status !== 'cancelled') {
        throw new ConflictError(ORDER_MESSAGES.deleteNotAllowed);
      }
      if (!row.hiddenAt) await tx.update(orders).set({ hiddenAt: new Date() }).where(eq(orders.id, orderId));
    });
  }
}
