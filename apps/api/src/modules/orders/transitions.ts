/**
 * Moving an order along its lifecycle (behaviour.md §10; the table is lifecycle.ts): one step
 * at a time under a row lock, recorded on the timeline; the store's steps (`advance`); status
 * and confirmation mails (a job each, retried); and giving back what an order held when it is
 * released or cancelled (or comes back to the store, courier.ts).
 */
import { ORDER_MESSAGES, isHttpUrl, transitionNotAllowed, type Order, type OrderStatus } from '@vastra/contracts';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { mailLocaleFor } from '../../lib/mail-i18n';
import { REFUSABLE_AT_DOOR, canTransition } from './lifecycle';
import { ORDER_MAIL_JOB, type OrderMailJob } from './jobs';
import { orderConfirmationMail, orderStatusMail, type OrderMailEvent } from './mail';
import type { OrderPresenter } from './presenter';
import type { OrderQueries } from './queries';
import { orderEvents, orderItems, orders, type OrderRow } from './tables';
import type { OperatorStep, OrdersDeps, TransitionInput } from './types';

/** The steps the shopper hears of by mail. */
const STEP_MAILS: Partial<Record<OperatorStep, OrderMailEvent>> = {
  confirmed: 'confirmed',
  shipped: 'shipped',
  delivered: 'delivered',
};

/** The order's columns of a shipment: courier, AWB, tracking link, expected delivery. */
function shipmentColumns(shipment: NonNullable<TransitionInput['shipment']>) {
  return {
    courier: shipment.courier,
    awb: shipment.awb,
    trackingUrl: shipment.trackingUrl ?? null,
    estimatedDeliveryAt: shipment.estimatedDeliveryAt ?? null,
  };
}

export class OrderTransitions {
  /** Per order, the end of its latest mail in this process (mailInTurn). */
  private readonly mailTurns = new Map<string, Promise<void>>();

  constructor(
    private readonly deps: OrdersDeps,
    private readonly queries: OrderQueries,
    private readonly presenter: OrderPresenter,
  ) {}

  /**
   * Moves an order one step along the lifecycle inside `db`, which must be a transaction:
   * locks the order, checks the step, sets the status with its dates (shipped, delivered,
   * cancelled) and the shipment, and records the timeline event; delivering a cash on delivery
   * order records its cash as collected (payment completed, `paidAt`). `refusedAtDoor` lets a
   * shipped order be cancelled (COD refused at the door, cod.ts). Returns the updated row.
   * Throws NotFoundError (no such order), ConflictError(transitionNotAllowed) for a step the
   * lifecycle refuses, ValidationError when `shipped` comes without a shipment or with a
   * tracking link that is not http(s) (behaviour.md §13).
   */
  async transition(db: Db, orderId: string, to: OrderStatus, input: TransitionInput): Promise<OrderRow> {
    const [current] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const refused = to === 'cancelled' && input.refusedAtDoor === true && REFUSABLE_AT_DOOR.has(current.status);
    if (!canTransition(current.status, to) && !refused) {
      throw new ConflictError(transitionNotAllowed(current.status, to));
    }
    if (to === 'shipped' && !input.shipment) throw new ValidationError('A shipment needs a courier and an AWB.');
    if (input.shipment?.trackingUrl && !isHttpUrl(input.shipment.trackingUrl)) {
      throw new ValidationError(ORDER_MESSAGES.trackingUrlInvalid);
    }
    const now = new Date();
    const [row] = await db
      .update(orders)
      .set({
        status: to,
        updatedAt: now,
        // A booked courier's AWB comes with `packed` (behaviour.md "Shipping operations: booking").
        ...((to === 'shipped' || to === 'packed') && input.shipment ? shipmentColumns(input.shipment) : {}),
        ...(to === 'shipped' ? { shippedAt: now } : {}),
        ...(to === 'delivered' ? { deliveredAt: now } : {}),
        // Cash on delivery is paid when the courier hands the parcel over (behaviour.md §10).
        ...(to === 'delivered' && current.paymentGateway === 'cod' && current.paymentStatus === 'pending'
          ? { paymentStatus: 'completed' as const, paidAt: now }
          : {}),
        ...(to === 'cancelled' ? { cancelledAt: now, cancelReason: input.cancelReason ?? null } : {}),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    await db.insert(orderEvents).values({ orderId, status: to, actor: input.actor, note: input.note ?? null });
    return row;
  }

  /**
   * Records the courier and AWB of a shipment booked for an order already packed, inside the
   * transaction `db`, without a status change (behaviour.md "Shipping operations: booking").
   * Throws NotFoundError, ConflictError(transitionNotAllowed) unless the order is packed,
   * ValidationError for a tracking link that is not http(s).
   */
  async recordShipment(db: Db, orderId: string, shipment: NonNullable<TransitionInput['shipment']>): Promise<OrderRow> {
    const [current] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw new NotFoundError(ORDER_MESSAGES.notFound);
    if (current.status !== 'packed') throw new ConflictError(transitionNotAllowed(current.status, 'packed'));
    if (shipment.trackingUrl && !isHttpUrl(shipment.trackingUrl)) {
      throw new ValidationError(ORDER_MESSAGES.trackingUrlInvalid);
    }
    const [row] = await db
      .update(orders)
      .set({ ...shipmentColumns(shipment), updatedAt: new Date() })
      .where(eq(orders.id, orderId))
      .returning();
    return row!;
  }

  /**
   * A store step of the order (the admin API's steps): confirmed, packed, shipped (with the shipment),
   * out for delivery, delivered; `ref` = id or order number. The shopper is mailed on
   * confirmed, shipped and delivered. ConflictError(transitionNotAllowed) for a step the
   * lifecycle refuses, ValidationError for shipped without a shipment, NotFoundError.
   */
  async advance(
    ref: string,
    to: OperatorStep,
    input: { note?: string | null; shipment?: TransitionInput['shipment'] },
  ): Promise<Order> {
    const current = await this.queries.findRef(ref);
    const row = await this.deps.db.transaction((tx) =>
      this.transition(tx, current.id, to, {
        actor: 'operator',
        note: input.note ?? null,
        ...(input.shipment ? { shipment: input.shipment } : {}),
      }),
    );
    const mail = STEP_MAILS[to];
    if (mail) await this.notify(row.id, mail);
    await this.statusChanged(row.id, row.status, true);
    return this.presenter.one(row);
  }

  /**
   * Tells `order.status_changed` that a step of the order committed, leaving it in `status`:
   * a store step (`storeStep`: `advance`, cash collected or refused, the returns module's
   * steps; the invoices module then issues the GST documents due) or a cancellation. A
   * subscriber that throws is logged: the step stands.
   */
  async statusChanged(orderId: string, status: string, storeStep: boolean): Promise<void> {
    try {
      await this.deps.events.emit('order.status_changed', { orderId, status, storeStep });
    } catch (err) {
      this.deps.log.error({ err, orderId }, 'work after an order status change failed');
    }
  }

  /**
   * Queues the mail about `event` of the order (ORDER_MAIL_JOB); call it after the commit of
   * the step it reports. The job reads the order when it runs and links to its page on the
   * storefront (the shipped mail also carries courier, AWB and the courier's tracking page).
   * A job that cannot be queued is logged, not thrown: the step is done already.
   */
  async notify(orderId: string, event: OrderMailEvent): Promise<void> {
    await this.queueMail({ orderId, mail: event });
  }

  /** Sends the confirmation mail again, whether or not it went before (the store's resend); false for an order never placed. */
  async resendConfirmation(orderId: string): Promise<boolean> {
    const { mailer, users, log } = this.deps;
    const row = await this.queries.byId(orderId);
    if (row.status === 'pending_payment' || row.status === 'payment_failed' || row.status === 'awaiting_confirmation') {
      return false;
    }
    const contact = await users.contactOf(row.userId);
    // An account made with a mobile number and no email gets no mail.
    if (!contact?.email) return false;
    try {
      const order = await this.presenter.one(row);
      const locale = mailLocaleFor({ account: contact.locale, order: row.locale });
      await mailer.send({ to: contact.email, ...orderConfirmationMail({ name: contact.name, order, locale }) });
      return true;
    } catch (err) {
      log.error({ err, orderId }, ORDER_MESSAGES.confirmation);
      return false;
    }
  }

  /**
   * Queues the confirmation mail (after the order's commit); the job sends it once per order
   * (claimed with a conditional update), so queuing it twice mails once.
   */
  async sendConfirmation(orderId: string): Promise<void> {
    await this.queueMail({ orderId, mail: 'confirmation' });
  }

  private async queueMail(job: OrderMailJob): Promise<void> {
    try {
      await this.deps.jobs.send<OrderMailJob>(ORDER_MAIL_JOB, job);
    } catch (err) {
      this.deps.log.error({ err, orderId: job.orderId, mail: job.mail }, 'order mail could not be queued');
    }
  }

  /**
   * The job's handler. Mails of one order go one at a time in the order they were queued in
   * this process (the cancellation before its refund's completion); a retried mail may come
   * after a later one.
   */
  mailInTurn(job: OrderMailJob): Promise<void> {
    const previous = this.mailTurns.get(job.orderId) ?? Promise.resolve();
    const sent = previous.then(() =>
      job.mail === 'confirmation' ? this.mailConfirmation(job.orderId) : this.mailStatus(job.orderId, job.mail),
    );
    const settled = sent.catch(() => {});
    this.mailTurns.set(job.orderId, settled);
    void settled.then(() => {
      if (this.mailTurns.get(job.orderId) === settled) this.mailTurns.delete(job.orderId);
    });
    return sent;
  }

  /** Sends a status mail to the order's shopper; nothing for an order or shopper gone. Rejects when the mail cannot go (retried). */
  private async mailStatus(orderId: string, event: OrderMailEvent): Promise<void> {
    const { db, mailer, users, options } = this.deps;
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) return;
    const contact = await users.contactOf(row.userId);
    if (!contact?.email) return;
    const order = await this.presenter.one(row);
    const locale = mailLocaleFor({ account: contact.locale, order: row.locale });
    // The order's page in the mail's language: Hindi pages are under /hi (docs/behaviour.md
    // "Languages of mails and invoices").
    const link = `${options.storefrontUrl}${locale === 'hi' ? '/hi' : ''}/account/orders/${encodeURIComponent(orderId)}`;
    await mailer.send({ to: contact.email, ...orderStatusMail({ name: contact.name, order, event, link, locale }) });
  }

  /**
   * Sends the confirmation mail unless it went already or the order is not placed (claimed
   * with a conditional update); a failed send gives the claim back and rejects (retried).
   */
  private async mailConfirmation(orderId: string): Promise<void> {
    const { db, mailer, users } = this.deps;
    const [claimed] = await db
      .update(orders)
      .set({ confirmationSentAt: sql`now()` })
      .where(
        and(
          eq(orders.id, orderId),
          isNull(orders.confirmationSentAt),
          ne(orders.status, 'pending_payment'),
          ne(orders.status, 'payment_failed'),
          ne(orders.status, 'awaiting_confirmation'),
        ),
      )
      .returning();
    if (!claimed) return;
    try {
      const contact = await users.contactOf(claimed.userId);
      if (!contact?.email) return;
      const order = await this.presenter.one(claimed);
      const locale = mailLocaleFor({ account: contact.locale, order: claimed.locale });
      await mailer.send({ to: contact.email, ...orderConfirmationMail({ name: contact.name, order, locale }) });
    } catch (err) {
      await db.update(orders).set({ confirmationSentAt: null }).where(eq(orders.id, orderId));
      throw err;
    }
  }

  /**
   * Gives back what an order held, in the caller's transaction: its stock (catalogue
   * inventory, a `released` stock movement each, by `actor`), its coupon use, its gift card
   * hold and the store credit it took (a reversal). `reason` of the stock movements: `released`,
   * or `returned` for goods that came back (a parcel returned to the seller). Returns the paise
   * put back on each.
   */
  async giveBack(
    db: Db,
    orderId: string,
    actor: string,
    reason: 'released' | 'returned' = 'released',
  ): Promise<{ giftCardPaise: number; walletPaise: number }> {
    const items = await db
      .select({ variantId: orderItems.variantId, productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    const [order] = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, orderId));
    await this.deps.inventory.release(db, items, {
      reason,
      actor,
      reference: order?.orderNumber ?? null,
    });
    await this.deps.coupons.release(db, orderId);
    return {
      giftCardPaise: await this.deps.giftCards.release(db, orderId),
      walletPaise: await this.deps.wallet.reverseOrder(db, orderId),
    };
  }

  /**
   * Records, in the caller's transaction, the money a cancelled order gave back without the
   * gateway: onto the gift card, and onto the store credit (its own part reversed, plus
   * `toWalletPaise` of a paid order's money the shopper chose to have there). Completed refund rows.
   */
  async recordGivenBack(
    db: Db,
    orderId: string,
    back: { giftCardPaise: number; walletPaise: number },
    reason: string,
  ): Promise<void> {
    for (const [method, amountPaise] of [
      ['gift_card', back.giftCardPaise],
      ['wallet', back.walletPaise],
    ] as const) {
      if (amountPaise > 0) {
        await this.deps.payments.requestRefund(db, { orderId, returnRequestId: null, method, amountPaise, reason });
      }
    }
  }
}
