/**
 * Orders (§3 Order, §4 paymentStatus, §7 Orders): placing an order from the shopper's items
 * and reading it back. Placing is explicit steps (style.md §6):
 *
 *   check the address → price the lines from the database → one transaction { lock the
 *   shopper's account, take the stock with conditional updates, quote the coupon, work out
 *   GST, hold the gift card, refuse an online order beyond the unpaid ones a shopper may hold,
 *   store the order with a snapshot of every line, record the coupon use, close the cart
 *   lines } → start the payment (compensated by failing the order if the gateway refuses).
 *
 * Nothing the client says about money is used: prices, discounts and taxes are recomputed.
 * An `Idempotency-Key` makes a retried create answer the first order. A payment that fails
 * or expires releases the stock, the coupon use and the gift card hold. Money in paise.
 *
 * After the purchase (issue 6): the lifecycle steps (`transition`, lifecycle.ts) taken by the
 * store (`advance`, operator API) or the shopper (`cancel`, which gives everything back and
 * refunds what was paid), removing an order from the list (`hide`), status mails (`notify`),
 * and money that arrives for a released order refunded at once. The order view shows the
 * refunds (payments module) and, once registered with `useReturns`, the returns module's view.
 */
import { randomUUID } from 'node:crypto';
import {
  CART_MESSAGES,
  ORDER_MESSAGES,
  codLimitExceeded,
  httpUrlOrNull,
  isHttpUrl,
  orderOutOfStock,
  unpaidOrdersLimit,
  type Address,
  type CreateOrderBody,
  type Order,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type PaymentStatusResult,
  transitionNotAllowed,
} from '@vastra/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isUniqueViolation, queryRows, type Db } from '../../db/client';
import { products, variants } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { paiseToRupees } from '../../lib/money';
import { isUuid } from '../../lib/ids';
import { cartItems, carts } from '../cart/tables';
import type { RefundRow } from '../payments/tables';
import { CANCELLABLE, SHIPPED_OR_AFTER, canTransition } from './lifecycle';
import { orderConfirmationMail, orderStatusMail, type OrderMailEvent } from './mail';
import type {
  AddressBook,
  CouponRules,
  GiftCardLedger,
  PaymentGateway,
  ReturnSummary,
  ReturnsView,
  ShippingAddressCheck,
  TaxQuoter,
} from './ports';
import { orderEvents, orderItems, orders, type OrderEventRow, type OrderItemRow, type OrderRow } from './tables';

export type OrdersOptions = {
  /** GST state code of the store. */
  storeState: string;
  paymentGateway: 'sandbox' | 'phonepe';
  paymentTimeoutMs: number;
  codEnabled: boolean;
  codMaxPaise: number;
  /** Online orders waiting for payment one shopper may hold at once (each holds stock). */
  maxUnpaidOrders: number;
  /** Turns a stored media path into an absolute URL. */
  mediaUrl: (path: string) => string;
  /** The storefront's address, for the order links in status mails. */
  storefrontUrl: string;
};

export type OrdersDeps = {
  db: Db;
  checkAddress: ShippingAddressCheck;
  taxes: TaxQuoter;
  coupons: CouponRules;
  giftCards: GiftCardLedger;
  payments: PaymentGateway;
  addressBook: AddressBook;
  mailer: Mailer;
  /**
   * The shopper's name and email for the confirmation mail, and the lock on the account that
   * makes one shopper's order placements take turns (inside the order's transaction).
   */
  users: {
    contactOf(userId: string): Promise<{ name: string; email: string } | null>;
    lock(db: Db, userId: string): Promise<unknown>;
  };
  log: FastifyBaseLogger;
  options: OrdersOptions;
};

/** What a lifecycle step records besides the status. */
export type TransitionInput = {
  /** Who made the change: shopper, system, operator, or a gateway. */
  actor: string;
  note?: string | null;
  /** Required for `shipped`: the courier and its AWB, optionally a tracking URL and the expected delivery. */
  shipment?: { courier: string; awb: string; trackingUrl?: string | null; estimatedDeliveryAt?: Date | null };
  /** For `cancelled`: the shopper's reason. */
  cancelReason?: string;
};

export type CreateOrderInput = Omit<CreateOrderBody, 'saveAddress'> & {
  saveAddress?: boolean;
  shippingAddress: Address;
};

type Line = {
  productId: string;
  variantId: string;
  quantity: number;
  name: string;
  brand: string;
  sku: string;
  size: string;
  color: string;
  hsnCode: string;
  categoryId: string | null;
  image: string | null;
  unitPricePaise: number;
  mrpPaise: number;
  lineSubtotalPaise: number;
};

type VariantRow = {
  variant_id: string;
  product_id: string;
  sku: string;
  size: string;
  color: string;
  price_paise: number;
  mrp_paise: number;
  stock: number;
  name: string;
  brand: string;
  hsn_code: string;
  category_id: string | null;
  images: { url: string; isPrimary: boolean }[];
  is_active: boolean;
};

/** Gateways paid online, through a payment page; COD is paid to the courier. */
const ONLINE_GATEWAYS = new Set<PaymentMethod>(['sandbox', 'phonepe']);

/** The steps the store takes with an order (operator API), before any return. */
export const OPERATOR_STEPS = ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered'] as const;
export type OperatorStep = (typeof OPERATOR_STEPS)[number];

/** The steps the shopper hears of by mail. */
const STEP_MAILS: Partial<Record<OperatorStep, OrderMailEvent>> = {
  confirmed: 'confirmed',
  shipped: 'shipped',
  delivered: 'delivered',
};

export class OrdersService {
  private returns: ReturnsView | null = null;

  constructor(private readonly deps: OrdersDeps) {
    deps.payments.onStatusChange((db, orderId, status, source) => this.applyPaymentStatus(db, orderId, status, source));
  }

  /**
   * Whether the user has received the product in a delivered order (the verified-purchase
   * mark of reviews). Static: the reviews module is built before the payments the orders
   * service needs.
   */
  static async hasDelivered(db: Db, userId: string, productId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: orderItems.id })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orders.userId, userId), eq(orderItems.productId, productId), eq(orders.status, 'delivered')))
      .limit(1);
    return row !== undefined;
  }

  /** The payment methods a shopper may choose now: the configured gateway and, if enabled, COD. */
  paymentMethods(): PaymentMethod[] {
    const { paymentGateway, codEnabled } = this.deps.options;
    return codEnabled ? [paymentGateway, 'cod'] : [paymentGateway];
  }

  /**
   * Places an order for `userId` (§7 POST /orders). Returns the order and whether it was
   * created now (false: the Idempotency-Key matched an earlier order).
   * Throws ValidationError (address, coupon, COD limit, empty cart), ConflictError (stock, or
   * unpaidOrdersLimit when the shopper already holds maxUnpaidOrders orders waiting for
   * payment), NotFoundError (coupon, gift card), ServiceUnavailableError (the gateway refused).
   */
  async create(
    userId: string,
    input: CreateOrderInput,
    idempotencyKey?: string,
  ): Promise<{ order: Order; created: boolean }> {
    const { db } = this.deps;
    if (idempotencyKey) {
      const earlier = await this.findByKey(userId, idempotencyKey);
      if (earlier) return { order: await this.toPublic(earlier), created: false };
    }
    if (!this.paymentMethods().includes(input.paymentMethod))
      throw new ValidationError(ORDER_MESSAGES.gatewayUnavailable);
    const { address, stateCode } = this.deps.checkAddress(input.shippingAddress);
    const wanted = mergeLines(input.items ?? (await this.cartLines(userId)));
    if (wanted.length === 0) throw new ValidationError(ORDER_MESSAGES.itemsRequired);

    const orderId = randomUUID();
    let row: OrderRow;
    try {
      row = await db.transaction(async (tx) => {
        // First of all locks: the unpaid orders counted in insertOrder stay counted until commit.
        await this.deps.users.lock(tx, userId);
        const lines = await this.takeStock(tx, wanted);
        return this.insertOrder(tx, { orderId, userId, input, address, stateCode, lines, idempotencyKey });
      });
    } catch (err) {
      // Two retries raced with one key: the loser's transaction rolled back; answer the winner's order.
      if (idempotencyKey && isUniqueViolation(err)) {
        const earlier = await this.findByKey(userId, idempotencyKey);
        if (earlier) return { order: await this.toPublic(earlier), created: false };
      }
      throw err;
    }

    if (input.saveAddress) {
      await this.deps.addressBook.add(userId, address).catch((err: unknown) => {
        this.deps.log.warn({ err, orderId }, 'order placed but its address could not be saved to the address book');
      });
    }
    if (row.status === 'pending_payment' && ONLINE_GATEWAYS.has(row.paymentGateway)) {
      row = await this.startPayment(row);
    } else {
      await this.sendConfirmation(row.id);
    }
    return { order: await this.toPublic(row), created: true };
  }

  /** The caller's order, or 404 (someone else's order is not found either). */
  async get(userId: string, orderId: string): Promise<Order> {
    return this.toPublic(await this.ownRow(userId, orderId));
  }

  /**
   * Registers the returns module's view (returns module, built after this one): the order
   * view then shows the latest return, what may still be returned and the return window.
   */
  useReturns(view: ReturnsView): void {
    this.returns = view;
  }

  /** An order by UUID or order number (VST-001001), with no owner check (operator, invoices, tracking). NotFoundError. */
  async findRef(ref: string): Promise<OrderRow> {
    const key = ref.trim();
    const [row] = await this.deps.db
      .select()
      .from(orders)
      .where(isUuid(key) ? eq(orders.id, key) : eq(orders.orderNumber, key.toUpperCase()));
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return row;
  }

  /**
   * The caller's order row locked FOR UPDATE inside `db` (a transaction), for a change that
   * must not race another. NotFoundError for someone else's order or a malformed id.
   */
  async ownRowForUpdate(db: Db, userId: string, orderId: string): Promise<OrderRow> {
    if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const [row] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      .for('update');
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return row;
  }

  /** The public order by id with no owner check (operator routes, invoices, tracking). NotFoundError. */
  async getById(orderId: string): Promise<Order> {
    if (!isUuid(orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
    const [row] = await this.deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return this.toPublic(row);
  }

  /** The order's lines as stored (snapshots of what was bought, money in paise), in their order. */
  async items(orderId: string): Promise<OrderItemRow[]> {
    return this.deps.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(orderItems.position));
  }

  /**
   * The shopper cancels their order (§7 POST /orders/:id/cancel) with a reason. See
   * `cancelOrder` for what is given back. ConflictError alreadyCancelled / cancelTooLate /
   * cancelNotAllowed; NotFoundError for someone else's order.
   */
  async cancel(userId: string, orderId: string, reason: string): Promise<Order> {
    return this.cancelOrder(orderId, { userId, actor: 'shopper', reason });
  }

  /** The store cancels an order (operator API), `ref` = id or order number; same rules as the shopper's cancel. */
  async cancelByOperator(ref: string, reason: string): Promise<Order> {
    const row = await this.findRef(ref);
    return this.cancelOrder(row.id, { userId: null, actor: 'operator', reason });
  }

  /**
   * Removes a never-paid or cancelled order from the shopper's list (§7 DELETE /orders/:id):
   * it is hidden, not erased (invoices, refunds and the books keep it) and still readable by
   * id. Idempotent. ConflictError(deleteNotAllowed) for any other status; NotFoundError.
   */
  async hide(userId: string, orderId: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const row = await this.ownRowForUpdate(tx, userId, orderId);
      if (row.status !== 'payment_failed' && row.status !== 'cancelled') {
        throw new ConflictError(ORDER_MESSAGES.deleteNotAllowed);
      }
      if (!row.hiddenAt) await tx.update(orders).set({ hiddenAt: new Date() }).where(eq(orders.id, orderId));
    });
  }

  /**
   * A store step of the order (operator API): confirmed, packed, shipped (with the shipment),
   * out for delivery, delivered; `ref` = id or order number. The shopper is mailed on
   * confirmed, shipped and delivered. ConflictError(transitionNotAllowed) for a step the
   * lifecycle refuses, ValidationError for shipped without a shipment, NotFoundError.
   */
  async advance(
    ref: string,
    to: OperatorStep,
    input: { note?: string | null; shipment?: TransitionInput['shipment'] },
  ): Promise<Order> {
    const current = await this.findRef(ref);
    const row = await this.deps.db.transaction((tx) =>
      this.transition(tx, current.id, to, {
        actor: 'operator',
        note: input.note ?? null,
        ...(input.shipment ? { shipment: input.shipment } : {}),
      }),
    );
    const mail = STEP_MAILS[to];
    if (mail) await this.notify(row.id, mail);
    return this.toPublic(row);
  }

  /**
   * Mails the shopper about `event` of the order (after the caller's commit), with a link to
   * the order on the storefront (the shipped mail also carries courier, AWB and the courier's
   * tracking page). A failed send is logged, not thrown: the step it reports is done already.
   * Returns whether a mail went out.
   */
  async notify(orderId: string, event: OrderMailEvent): Promise<boolean> {
    const { db, mailer, users, log, options } = this.deps;
    try {
      const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!row) return false;
      const contact = await users.contactOf(row.userId);
      if (!contact) return false;
      const order = await this.toPublic(row);
      const link = `${options.storefrontUrl}/account/orders/${encodeURIComponent(orderId)}`;
      await mailer.send({ to: contact.email, ...orderStatusMail({ name: contact.name, order, event, link }) });
      return true;
    } catch (err) {
      log.error({ err, orderId, event }, 'order status mail could not be sent');
      return false;
    }
  }

  /** A page of the caller's orders, newest first, without the ones they removed from the list. */
  async list(userId: string, page: number, limit: number) {
    const where = and(eq(orders.userId, userId), isNull(orders.hiddenAt));
    const [rows, [counted]] = await Promise.all([
      this.deps.db
        .select()
        .from(orders)
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.orderNumber))
        .limit(limit)
        .offset((page - 1) * limit),
      this.deps.db.select({ total: count() }).from(orders).where(where),
    ]);
    return {
      orders: await this.toPublicMany(rows),
      meta: {
        currentPage: page,
        totalPages: Math.ceil((counted?.total ?? 0) / limit),
        limit,
        total: counted?.total ?? 0,
      },
    };
  }

  /**
   * §4 paymentStatus of the caller's order. A pending online payment is read from the
   * gateway first (the shopper may have paid a moment ago), and an expired one is released.
   */
  async paymentStatus(userId: string, orderId: string): Promise<PaymentStatusResult> {
    let row = await this.ownRow(userId, orderId);
    if (
      row.paymentStatus === 'pending' &&
      ONLINE_GATEWAYS.has(row.paymentGateway) &&
      row.status === 'pending_payment'
    ) {
      await this.deps.payments.refresh(row.id).catch((err: unknown) => {
        this.deps.log.warn({ err, orderId }, 'payment status could not be read from the gateway');
      });
      row = await this.ownRow(userId, orderId);
      if (row.paymentStatus === 'pending' && row.paymentExpiresAt && row.paymentExpiresAt <= new Date()) {
        await this.expire(row.id);
        row = await this.ownRow(userId, orderId);
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
   * The §4 listener: a payment became completed or failed. Completed places the order (and
   * mails the confirmation after commit); failed releases what the order held. Applied once:
   * the update only matches an order whose payment is still pending.
   */
  async applyPaymentStatus(db: Db, orderId: string, status: PaymentStatus, source: string) {
    if (status === 'pending') return;
    if (status === 'completed') {
      const [row] = await db
        .update(orders)
        .set({
          paymentStatus: 'completed',
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
        await this.sendConfirmation(orderId);
      };
    }
    await this.release(db, orderId, source, 'Payment failed');
  }

  /** Sends the confirmation mail once (claimed with a conditional update); a failed send is logged and may be retried. */
  async sendConfirmation(orderId: string): Promise<boolean> {
    const { db, mailer, users, log } = this.deps;
    const [claimed] = await db
      .update(orders)
      .set({ confirmationSentAt: sql`now()` })
      .where(
        and(
          eq(orders.id, orderId),
          isNull(orders.confirmationSentAt),
          ne(orders.status, 'pending_payment'),
          ne(orders.status, 'payment_failed'),
        ),
      )
      .returning();
    if (!claimed) return false;
    try {
      const contact = await users.contactOf(claimed.userId);
      if (!contact) return false;
      const order = await this.toPublic(claimed);
      await mailer.send({ to: contact.email, ...orderConfirmationMail({ name: contact.name, order }) });
      return true;
    } catch (err) {
      await db.update(orders).set({ confirmationSentAt: null }).where(eq(orders.id, orderId));
      log.error({ err, orderId }, ORDER_MESSAGES.confirmation);
      return false;
    }
  }

  /**
   * Moves an order one step along the lifecycle (lifecycle.ts) inside `db`, which must be a
   * transaction: locks the order, checks the step, sets the status with its dates (shipped,
   * delivered, cancelled) and the shipment, and records the timeline event. Returns the
   * updated row. Throws NotFoundError (no such order), ConflictError(transitionNotAllowed)
   * for a step the lifecycle refuses, ValidationError when `shipped` comes without a shipment
   * or with a tracking link that is not http(s).
   */
  async transition(db: Db, orderId: string, to: OrderStatus, input: TransitionInput): Promise<OrderRow> {
    const [current] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!current) throw new NotFoundError(ORDER_MESSAGES.notFound);
    if (!canTransition(current.status, to)) throw new ConflictError(transitionNotAllowed(current.status, to));
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
        ...(to === 'shipped' && input.shipment
          ? {
              courier: input.shipment.courier,
              awb: input.shipment.awb,
              trackingUrl: input.shipment.trackingUrl ?? null,
              estimatedDeliveryAt: input.shipment.estimatedDeliveryAt ?? null,
              shippedAt: now,
            }
          : {}),
        ...(to === 'delivered' ? { deliveredAt: now } : {}),
        ...(to === 'cancelled' ? { cancelledAt: now, cancelReason: input.cancelReason ?? null } : {}),
      })
      .where(eq(orders.id, orderId))
      .returning();
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    await db.insert(orderEvents).values({ orderId, status: to, actor: input.actor, note: input.note ?? null });
    return row;
  }

  // -------------------------------------------------------------------------------------

  /**
   * Money arrived for an order that no longer waits for it (it expired, failed or was
   * cancelled first): the payment goes straight back through the gateway (requestRefund takes
   * the order's latest completed payment: this one) and the timeline says so. The refund is
   * submitted after the commit.
   */
  private async refundLatePayment(db: Db, orderId: string, source: string) {
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

  /**
   * Cancels the order in one transaction: the lifecycle step (with the reason), stock back,
   * coupon use back, gift card hold back; a pending online payment is closed (a late payment
   * is then refunded by `refundLatePayment`); a paid online order gets a gateway refund of
   * what was paid, and money back on a gift card is recorded as a completed gift_card refund.
   * After the commit the cancel mail is sent, then the gateway refund submitted. COD: nothing
   * was paid, nothing to refund. `userId` null = the store cancels (no owner check).
   */
  private async cancelOrder(
    orderId: string,
    by: { userId: string | null; actor: 'shopper' | 'operator'; reason: string },
  ): Promise<Order> {
    const { db, payments } = this.deps;
    const refundReason = `Order cancelled: ${by.reason}`;
    const gatewayRefunds = await db.transaction(async (tx) => {
      const current = by.userId
        ? await this.ownRowForUpdate(tx, by.userId, orderId)
        : (await tx.select().from(orders).where(eq(orders.id, orderId)).for('update'))[0];
      if (!current) throw new NotFoundError(ORDER_MESSAGES.notFound);
      if (current.status === 'cancelled') throw new ConflictError(ORDER_MESSAGES.alreadyCancelled);
      if (SHIPPED_OR_AFTER.has(current.status)) throw new ConflictError(ORDER_MESSAGES.cancelTooLate);
      if (!CANCELLABLE.has(current.status)) throw new ConflictError(ORDER_MESSAGES.cancelNotAllowed);

      await this.transition(tx, orderId, 'cancelled', { actor: by.actor, note: by.reason, cancelReason: by.reason });
      const giftCardBack = await this.giveBack(tx, orderId);
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
      if (online && current.paymentStatus === 'completed') {
        const refund = await payments.requestRefund(tx, {
          orderId,
          returnRequestId: null,
          method: 'gateway',
          amountPaise: current.payablePaise,
          reason: refundReason,
        });
        if (refund) made.push(refund);
      }
      if (giftCardBack > 0) {
        await payments.requestRefund(tx, {
          orderId,
          returnRequestId: null,
          method: 'gift_card',
          amountPaise: giftCardBack,
          reason: refundReason,
        });
      }
      return made;
    });
    // The cancel mail goes first: a gateway that settles at once (sandbox) sends the
    // refund-completed mail from submitRefund, which must not arrive before the cancellation.
    await this.notify(orderId, 'cancelled');
    for (const refund of gatewayRefunds) {
      await payments.submitRefund(refund.id).catch((err: unknown) => {
        this.deps.log.error({ err, orderId }, 'refund of a cancelled order could not be submitted');
      });
    }
    return this.getById(orderId);
  }

  /**
   * Gives back what an order held: its stock (and the in-stock flags), its coupon use and its
   * gift card hold. Returns the paise put back on the gift card.
   */
  private async giveBack(db: Db, orderId: string): Promise<number> {
    const items = await db
      .select({ variantId: orderItems.variantId, productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    for (const item of items) {
      await db
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${item.quantity}` })
        .where(eq(variants.id, item.variantId));
    }
    await refreshInStock(
      db,
      items.map((i) => i.productId),
    );
    await this.deps.coupons.release(db, orderId);
    return this.deps.giftCards.release(db, orderId);
  }

  private async expire(orderId: string): Promise<boolean> {
    return this.deps.db.transaction(async (tx) => {
      await this.deps.payments.fail(tx, orderId, 'Payment window expired');
      return this.release(tx, orderId, 'system', 'Payment not completed in time');
    });
  }

  /**
   * Marks a pending order's payment failed and gives back its stock, coupon use and gift
   * card hold. Returns false when the order was not pending (already settled: nothing done).
   */
  private async release(db: Db, orderId: string, actor: string, note: string): Promise<boolean> {
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
    await this.giveBack(db, orderId);
    await db.insert(orderEvents).values({ orderId, status: 'payment_failed', actor, note });
    return true;
  }

  private async startPayment(row: OrderRow): Promise<OrderRow> {
    try {
      const { paymentUrl } = await this.deps.payments.start({
        id: row.id,
        orderNumber: row.orderNumber,
        gateway: row.paymentGateway as 'sandbox' | 'phonepe',
        amountPaise: row.payablePaise,
        expiresAt: row.paymentExpiresAt ?? new Date(Date.now() + this.deps.options.paymentTimeoutMs),
      });
      const [updated] = await this.deps.db
        .update(orders)
        .set({ paymentUrl, updatedAt: sql`now()` })
        .where(eq(orders.id, row.id))
        .returning();
      return updated ?? row;
    } catch (err) {
      // Compensation: the order cannot be paid, so it must not keep the stock.
      await this.deps.db.transaction(async (tx) => {
        await this.deps.payments.fail(tx, row.id, 'The payment could not be started');
        await this.release(tx, row.id, 'system', 'The payment could not be started');
      });
      throw err;
    }
  }

  /** Reads and locks the variants, checks them, and takes the stock with conditional updates. */
  private async takeStock(
    db: Db,
    wanted: { productId: string; variantId: string; quantity: number }[],
  ): Promise<Line[]> {
    const ids = wanted.map((w) => w.variantId);
    const rows = await queryRows<VariantRow>(
      db,
      sql`
        SELECT v.id AS variant_id, v.product_id, v.sku, v.size, v.color, v.price_paise, v.mrp_paise, v.stock,
               p.name, p.brand, p.hsn_code, p.category_id, p.images, p.is_active
        FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
    );
    const byId = new Map(rows.map((r) => [r.variant_id, r]));
    const lines: Line[] = [];
    for (const w of wanted) {
      const v = byId.get(w.variantId);
      if (!v || v.product_id !== w.productId) throw new NotFoundError(CART_MESSAGES.variantNotFound);
      if (!v.is_active) throw new ConflictError(`${v.name}: ${CART_MESSAGES.productUnavailable}`);
      const image = v.images.find((i) => i.isPrimary)?.url ?? v.images[0]?.url ?? null;
      lines.push({
        productId: v.product_id,
        variantId: v.variant_id,
        quantity: w.quantity,
        name: v.name,
        brand: v.brand,
        sku: v.sku,
        size: v.size,
        color: v.color,
        hsnCode: v.hsn_code,
        categoryId: v.category_id,
        image,
        unitPricePaise: v.price_paise,
        mrpPaise: v.mrp_paise,
        lineSubtotalPaise: v.price_paise * w.quantity,
      });
    }
    // A fixed order of row locks keeps two orders for the same sizes from deadlocking.
    for (const line of [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
      const taken = await db
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${line.quantity}` })
        .where(and(eq(variants.id, line.variantId), sql`${variants.stock} >= ${line.quantity}`))
        .returning({ stock: variants.stock });
      if (taken.length === 0) {
        const [current] = await db
          .select({ stock: variants.stock })
          .from(variants)
          .where(eq(variants.id, line.variantId));
        throw new ConflictError(orderOutOfStock(line.name, line.size, current?.stock ?? 0));
      }
    }
    await refreshInStock(
      db,
      lines.map((l) => l.productId),
    );
    return lines;
  }

  /** Prices, discounts, taxes, gift card; stores the order, its lines and first event; closes the cart lines. */
  private async insertOrder(
    db: Db,
    ctx: {
      orderId: string;
      userId: string;
      input: CreateOrderInput;
      address: Address;
      stateCode: string;
      lines: Line[];
      idempotencyKey: string | undefined;
    },
  ): Promise<OrderRow> {
    const { orderId, userId, input, lines } = ctx;
    const { options } = this.deps;
    const couponCode = input.coupon?.trim() || null;
    const coupon = couponCode
      ? await this.deps.coupons.quote(
          couponCode,
          {
            userId,
            lines: lines.map((l) => ({
              productId: l.productId,
              categoryId: l.categoryId,
              lineSubtotalPaise: l.lineSubtotalPaise,
            })),
          },
          db,
        )
      : null;
    const lineDiscounts = coupon?.lineDiscounts ?? lines.map(() => 0);
    const tax = await this.deps.taxes.quote(
      lines.map((l, i) => ({
        hsnCode: l.hsnCode,
        categoryId: l.categoryId,
        unitPricePaise: l.unitPricePaise,
        quantity: l.quantity,
        discountPaise: lineDiscounts[i] ?? 0,
      })),
      ctx.stateCode,
      db,
    );
    const subtotalPaise = sum(lines.map((l) => l.lineSubtotalPaise));
    const discountPaise = sum(lineDiscounts);
    const totalPaise = sum(tax.lines.map((t) => t.totalPaise));

    const giftCode = input.additionalCoupon?.trim() || null;
    const gift =
      giftCode && totalPaise > 0
        ? await this.deps.giftCards.hold(db, { code: giftCode, orderId, maxPaise: totalPaise })
        : null;
    const giftCardPaise = gift?.amountPaise ?? 0;
    const payablePaise = totalPaise - giftCardPaise;

    if (input.paymentMethod === 'cod' && payablePaise > options.codMaxPaise) {
      throw new ValidationError(codLimitExceeded(paiseToRupees(options.codMaxPaise)));
    }
    const paidInFull = payablePaise === 0;
    const online = ONLINE_GATEWAYS.has(input.paymentMethod) && !paidInFull;
    if (online) await this.checkUnpaidOrders(db, userId);
    const status: OrderStatus = online ? 'pending_payment' : 'placed';
    const paymentStatus: PaymentStatus = paidInFull ? 'completed' : 'pending';

    const [seq] = await queryRows<{ n: number }>(db, sql`SELECT nextval('order_number_seq')::int AS n`);
    const [row] = await db
      .insert(orders)
      .values({
        id: orderId,
        orderNumber: `VST-${String(seq?.n).padStart(6, '0')}`,
        userId,
        status,
        paymentStatus,
        paymentGateway: input.paymentMethod,
        shippingAddress: ctx.address,
        placeOfSupply: ctx.stateCode,
        storeState: options.storeState,
        pricesIncludeTax: tax.pricesIncludeTax,
        couponId: coupon?.coupon.id ?? null,
        couponCode: coupon?.coupon.code ?? null,
        giftCardId: gift?.giftCardId ?? null,
        giftCardCode: gift?.code ?? null,
        subtotalPaise,
        discountPaise,
        shippingPaise: 0,
        taxablePaise: sum(tax.lines.map((t) => t.taxablePaise)),
        taxPaise: sum(tax.lines.map((t) => t.taxPaise)),
        taxes: tax.components,
        totalPaise,
        giftCardPaise,
        payablePaise,
        paymentExpiresAt: online ? new Date(Date.now() + options.paymentTimeoutMs) : null,
        idempotencyKey: ctx.idempotencyKey ?? null,
      })
      .returning();
    if (!row) throw new Error('the order insert returned no row');
    await db.insert(orderItems).values(
      lines.map((l, i) => {
        const t = tax.lines[i];
        if (!t) throw new Error('the tax quote has fewer lines than the order');
        return {
          orderId,
          productId: l.productId,
          variantId: l.variantId,
          position: i,
          quantity: l.quantity,
          name: l.name,
          brand: l.brand,
          sku: l.sku,
          size: l.size,
          color: l.color,
          hsnCode: l.hsnCode,
          categoryId: l.categoryId,
          image: l.image,
          unitPricePaise: l.unitPricePaise,
          mrpPaise: l.mrpPaise,
          lineSubtotalPaise: l.lineSubtotalPaise,
          discountPaise: lineDiscounts[i] ?? 0,
          taxablePaise: t.taxablePaise,
          taxRateBasisPoints: t.rateBasisPoints,
          cgstPaise: t.cgstPaise,
          sgstPaise: t.sgstPaise,
          igstPaise: t.igstPaise,
          taxPaise: t.taxPaise,
          totalPaise: t.totalPaise,
        };
      }),
    );
    await db.insert(orderEvents).values({
      orderId,
      status,
      actor: 'shopper',
      note: online
        ? 'Order created, awaiting payment'
        : paidInFull
          ? 'Order placed, paid by gift card'
          : 'Order placed, cash on delivery',
    });
    if (coupon) {
      await this.deps.coupons.redeem(db, { couponId: coupon.coupon.id, userId, orderId, discountPaise });
    }
    await this.closeCartLines(
      db,
      userId,
      lines.map((l) => l.variantId),
    );
    return row;
  }

  /**
   * ConflictError(unpaidOrdersLimit) when the shopper already holds maxUnpaidOrders online
   * orders waiting for payment (within their window: an expired one is about to be released).
   * Runs under the shopper's lock (create), so concurrent orders cannot all pass the count.
   */
  private async checkUnpaidOrders(db: Db, userId: string): Promise<void> {
    const max = this.deps.options.maxUnpaidOrders;
    const [held] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.userId, userId),
          eq(orders.status, 'pending_payment'),
          or(isNull(orders.paymentExpiresAt), gt(orders.paymentExpiresAt, new Date())),
        ),
      );
    if ((held?.n ?? 0) >= max) throw new ConflictError(unpaidOrdersLimit(max));
  }

  /** Removes the ordered sizes from the user's active cart; an emptied cart is closed. */
  private async closeCartLines(db: Db, userId: string, variantIds: string[]) {
    const [cart] = await db
      .select({ id: carts.id })
      .from(carts)
      .where(and(eq(carts.userId, userId), eq(carts.isActive, true)));
    if (!cart) return;
    await db.delete(cartItems).where(and(eq(cartItems.cartId, cart.id), inArray(cartItems.variantId, variantIds)));
    const [remaining] = await db.select({ left: count() }).from(cartItems).where(eq(cartItems.cartId, cart.id));
    const left = remaining?.left ?? 0;
    await db
      .update(carts)
      .set({ isActive: left > 0, promotionCodes: sql`'{}'::text[]`, updatedAt: sql`now()` })
      .where(eq(carts.id, cart.id));
  }

  private async cartLines(userId: string) {
    return this.deps.db
      .select({ productId: cartItems.productId, variantId: cartItems.variantId, quantity: cartItems.quantity })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(and(eq(carts.userId, userId), eq(carts.isActive, true)))
      .orderBy(asc(cartItems.createdAt));
  }

  private async findByKey(userId: string, key: string): Promise<OrderRow | null> {
    const [row] = await this.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
    return row ?? null;
  }

  private async ownRow(userId: string, orderId: string): Promise<OrderRow> {
    const [row] = await this.deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    if (!row) throw new NotFoundError(ORDER_MESSAGES.notFound);
    return row;
  }

  private async toPublic(row: OrderRow): Promise<Order> {
    const [order] = await this.toPublicMany([row]);
    return order!;
  }

  /** Orders as answered, with the lines, events and refunds of all of them read in one query each. */
  private async toPublicMany(rows: OrderRow[]): Promise<Order[]> {
    if (rows.length === 0) return [];
    const items = await this.deps.db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderItems.position));
    const events = await this.deps.db
      .select()
      .from(orderEvents)
      .where(
        inArray(
          orderEvents.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(orderEvents.createdAt));
    const refundRows = await this.deps.payments.refundsOf(rows.map((r) => r.id));
    const summaries = this.returns ? await this.returns.summariesOf(rows, items) : null;
    return rows.map((row) =>
      this.orderPublic(
        row,
        items.filter((i) => i.orderId === row.id),
        events.filter((e) => e.orderId === row.id),
        refundRows.filter((f) => f.orderId === row.id),
        summaries?.get(row.id) ?? null,
      ),
    );
  }

  private orderPublic(
    row: OrderRow,
    items: OrderItemRow[],
    events: OrderEventRow[],
    refundRows: RefundRow[],
    returns: ReturnSummary | null,
  ): Order {
    const r = paiseToRupees;
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      status: row.status,
      paymentStatus: row.paymentStatus,
      paymentGateway: row.paymentGateway,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      items: items.map((i) => this.linePublic(i, returns?.items.get(i.id))),
      shippingAddress: row.shippingAddress,
      coupon: row.couponCode ? { code: row.couponCode, discountAmount: r(row.discountPaise) } : null,
      additionalCoupon: row.giftCardCode ? { code: row.giftCardCode, amount: r(row.giftCardPaise) } : null,
      subtotal: r(row.subtotalPaise),
      discountAmount: r(row.discountPaise),
      shippingAmount: r(row.shippingPaise),
      taxableAmount: r(row.taxablePaise),
      totalTax: r(row.taxPaise),
      taxes: row.taxes.map((t) => ({ name: t.name, rate: t.rate, amount: r(t.amountPaise) })),
      placeOfSupply: row.placeOfSupply,
      interState: row.placeOfSupply !== row.storeState,
      pricesIncludeTax: row.pricesIncludeTax,
      totalAmount: r(row.totalPaise),
      giftCardAmount: r(row.giftCardPaise),
      amountPayable: r(row.payablePaise),
      paymentUrl: row.paymentStatus === 'pending' && row.status === 'pending_payment' ? row.paymentUrl : null,
      paymentExpiresAt: row.paymentExpiresAt?.toISOString() ?? null,
      timeline: events.map((e) => ({ status: e.status, actor: e.actor, note: e.note, at: e.createdAt.toISOString() })),
      shipment:
        row.courier && row.awb
          ? {
              courier: row.courier,
              awb: row.awb,
              // Stored before links were checked, a non-http(s) link is not passed on.
              trackingUrl: httpUrlOrNull(row.trackingUrl),
              shippedAt: row.shippedAt?.toISOString() ?? null,
              estimatedDelivery: row.estimatedDeliveryAt?.toISOString() ?? null,
              deliveredAt: row.deliveredAt?.toISOString() ?? null,
            }
          : null,
      cancelReason: row.cancelReason,
      returnRequest: returns?.returnRequest ?? null,
      refunds: refundRows.map((f) => ({
        id: f.id,
        amount: r(f.amountPaise),
        method: f.method,
        status: f.status,
        returnRequestId: f.returnRequestId,
        createdAt: f.createdAt.toISOString(),
        updatedAt: f.updatedAt.toISOString(),
      })),
      canCancel: CANCELLABLE.has(row.status),
      canReturn: returns?.canReturn ?? false,
      canDelete: row.status === 'payment_failed' || row.status === 'cancelled',
      returnableUntil: returns?.returnableUntil ?? null,
      invoiceAvailable: row.paymentStatus === 'completed' || (row.paymentGateway === 'cod' && row.deliveredAt !== null),
    };
  }

  private linePublic(i: OrderItemRow, returns: { returnable: boolean; returnableQuantity: number } | undefined) {
    const r = paiseToRupees;
    return {
      id: i.id,
      productId: i.productId,
      variantId: i.variantId,
      quantity: i.quantity,
      name: i.name,
      brand: i.brand,
      sku: i.sku,
      size: i.size,
      color: i.color,
      hsnCode: i.hsnCode,
      image: i.image ? this.deps.options.mediaUrl(i.image) : null,
      unitPrice: r(i.unitPricePaise),
      mrp: r(i.mrpPaise),
      lineSubtotal: r(i.lineSubtotalPaise),
      discount: r(i.discountPaise),
      taxableValue: r(i.taxablePaise),
      taxRate: i.taxRateBasisPoints / 100,
      cgst: r(i.cgstPaise),
      sgst: r(i.sgstPaise),
      igst: r(i.igstPaise),
      tax: r(i.taxPaise),
      total: r(i.totalPaise),
      returnable: returns?.returnable ?? false,
      returnableQuantity: returns?.returnableQuantity ?? 0,
    };
  }
}

/** Same size twice in one request = one line with the quantities added. */
function mergeLines(items: { productId: string; variantId: string; quantity: number }[]) {
  const merged = new Map<string, { productId: string; variantId: string; quantity: number }>();
  for (const item of items) {
    const seen = merged.get(item.variantId);
    if (seen && seen.productId === item.productId) seen.quantity += item.quantity;
    else if (!seen) merged.set(item.variantId, { ...item });
    else throw new ValidationError(CART_MESSAGES.variantNotFound);
  }
  return [...merged.values()];
}

/** Keeps the listing's in-stock flag true exactly when a product has a size in stock. */
async function refreshInStock(db: Db, productIds: string[]) {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return;
  await db
    .update(products)
    .set({
      inStock: sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.productId} = ${products.id} AND ${variants.stock} > 0)`,
    })
    .where(inArray(products.id, ids));
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
