/**
 * Orders (behaviour.md §3 Order, §4 paymentStatus, §7 Orders, §10): the one service other
 * modules and the routes use. It is built from parts, one job each:
 *
 *   place.ts, place-steps.ts  placing an order in named steps (stock, price, gift card, order,
 *                             coupon, cart lines, payment) run by lib/steps.ts
 *   transitions.ts            the lifecycle steps, status and confirmation mails (jobs), giving back
 *   payment-sync.ts           the payment listener, status checks, expiry, late payments
 *   cancel.ts                 cancelling and hiding an order
 *   cod.ts                    the cash of a cash on delivery order: collected or refused at the door
 *   cod-hold.ts               a cash on delivery order held for the shopper's confirmation, or expired
 *   courier.ts                the courier's steps (tracking webhook): NDR, RTO, delivered
 *   queries.ts, presenter.ts  reading orders and answering them in rupees
 *
 * Money in paise; the order's money is worked out again on the server, never taken from the client.
 */
import type {
  Order,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  PaymentStatusResult,
  RefundDestination,
} from '@vastra/contracts';
import type { Db } from '../../db/client';
import { OrderCancellation } from './cancel';
import { OrderCodCollection } from './cod';
import { OrderCodHold } from './cod-hold';
import { OrderCourierSteps, type CourierStatus, type CourierStepInput, type CourierStepResult } from './courier';
import type { OrderMailJob } from './jobs';
import type { OrderMailEvent } from './mail';
import { OrderPaymentSync, type AfterCommit } from './payment-sync';
import { OrderPlacement } from './place';
import { OrderPresenter } from './presenter';
import { OrderQueries } from './queries';
import type { OrderItemRow, OrderRow, StoredTaxRule } from './tables';
import { OrderTransitions } from './transitions';
import type { CreateOrderInput, OperatorStep, OrdersDeps, TransitionInput } from './types';

export {
  OPERATOR_STEPS,
  type CreateOrderInput,
  type OperatorStep,
  type OrdersDeps,
  type OrdersOptions,
  type TransitionInput,
} from './types';

export class OrdersService {
  private readonly queries: OrderQueries;
  private readonly presenter: OrderPresenter;
  private readonly transitions: OrderTransitions;
  private readonly paymentSync: OrderPaymentSync;
  private readonly cancellation: OrderCancellation;
  private readonly cod: OrderCodCollection;
  private readonly codHold: OrderCodHold;
  private readonly courier: OrderCourierSteps;
  private readonly placement: OrderPlacement;

  constructor(deps: OrdersDeps) {
    this.queries = new OrderQueries(deps.db);
    this.presenter = new OrderPresenter({
      db: deps.db,
      refundsOf: (ids) => deps.payments.refundsOf(ids),
      mediaUrl: (path) => deps.options.mediaUrl(path),
      returns: deps.returns,
    });
    this.transitions = new OrderTransitions(deps, this.queries, this.presenter);
    this.paymentSync = new OrderPaymentSync(deps, this.queries, this.transitions);
    this.cancellation = new OrderCancellation(deps, this.queries, this.transitions, this.presenter);
    this.cod = new OrderCodCollection(deps, this.queries, this.transitions, this.presenter);
    this.courier = new OrderCourierSteps(deps, this.queries, this.transitions);
    this.codHold = new OrderCodHold(deps, this.queries, this.transitions, this.cancellation, this.presenter);
    this.placement = new OrderPlacement(deps, this.queries, this.presenter, this.transitions, this.paymentSync);
  }

  /** What a shopper may choose now, and the COD limit in paise (null: no COD): see OrderPlacement.paymentOptions. */
  paymentOptions(): Promise<{ methods: PaymentMethod[]; codMaxPaise: number | null }> {
    return this.placement.paymentOptions();
  }

  /** Places an order (POST /orders): see OrderPlacement.create for what it does and throws. */
  create(
    userId: string,
    input: CreateOrderInput,
    idempotencyKey?: string,
  ): Promise<{ order: Order; created: boolean }> {
    return this.placement.create(userId, input, idempotencyKey);
  }

  /** The caller's order, or NotFoundError (someone else's order is not found either). */
  async get(userId: string, orderId: string): Promise<Order> {
    return this.presenter.one(await this.queries.own(userId, orderId));
  }

  /** The public order by id with no owner check (operator routes, invoices, tracking). NotFoundError. */
  async getById(orderId: string): Promise<Order> {
    return this.presenter.one(await this.queries.byId(orderId));
  }

  /** Which slab of the rate table taxed each line of an order, as stored when it was placed (null: none recorded). */
  async taxRules(orderId: string): Promise<{ itemId: string; rule: StoredTaxRule | null }[]> {
    return (await this.queries.items(orderId)).map((i) => ({ itemId: i.id, rule: i.taxRule }));
  }

  /** A page of the caller's orders, newest first, without the ones they removed from the list. */
  async list(userId: string, page: number, limit: number) {
    const { rows, total } = await this.queries.page(userId, page, limit);
    return {
      orders: await this.presenter.many(rows),
      meta: { currentPage: page, totalPages: Math.ceil(total / limit), limit, total },
    };
  }

  /** An order by UUID or order number (VST-001001), with no owner check. NotFoundError. */
  findRef(ref: string): Promise<OrderRow> {
    return this.queries.findRef(ref);
  }

  /** The order numbers of these orders, by id. */
  orderNumbers(orderIds: readonly string[]): Promise<Map<string, string>> {
    return this.queries.orderNumbers(orderIds);
  }

  /** The caller's order row locked FOR UPDATE inside the transaction `db`. NotFoundError for someone else's. */
  ownRowForUpdate(db: Db, userId: string, orderId: string): Promise<OrderRow> {
    return this.queries.forUpdate(db, userId, orderId);
  }

  /** The order's lines as stored (money in paise), in their order. */
  items(orderId: string, db?: Db): Promise<OrderItemRow[]> {
    return this.queries.items(orderId, db);
  }

  /** Whether the user has received the product in a delivered order (the verified-purchase mark of reviews). */
  hasDelivered(userId: string, productId: string): Promise<boolean> {
    return this.queries.hasDelivered(userId, productId);
  }

  /** The shopper cancels their order with a reason: see OrderCancellation.cancel. */
  cancel(userId: string, orderId: string, reason: string, refundTo?: RefundDestination): Promise<Order> {
    return this.cancellation.cancel(orderId, { userId, actor: 'shopper', reason, ...(refundTo ? { refundTo } : {}) });
  }

  /** The store cancels an order, `ref` = id or order number; same rules as the shopper's cancel. */
  async cancelByOperator(ref: string, reason: string): Promise<Order> {
    const row = await this.queries.findRef(ref);
    return this.cancellation.cancel(row.id, { userId: null, actor: 'operator', reason });
  }

  /** The store records a cash on delivery order's cash as collected or refused at the door: see OrderCodCollection.record. */
  recordCod(ref: string, collected: boolean, by: { actor: string; note: string | null }): Promise<Order> {
    return this.cod.record(ref, collected, by);
  }

  /** The shopper confirms their held cash on delivery order: see OrderCodHold.confirm. */
  confirmHeldCod(orderId: string, via: string): Promise<{ order: Order; alreadyConfirmed: boolean }> {
    return this.codHold.confirm(orderId, via);
  }

  /** Cancels the held cash on delivery orders created before `before`; how many: see OrderCodHold.expire. */
  expireHeldCod(before: Date): Promise<number> {
    return this.codHold.expire(before);
  }

  /** Removes a never-paid or cancelled order from the shopper's list: see OrderCancellation.hide. */
  hide(userId: string, orderId: string): Promise<void> {
    return this.cancellation.hide(userId, orderId);
  }

  /** A store step of the order (the admin API's steps): see OrderTransitions.advance. */
  advance(
    ref: string,
    to: OperatorStep,
    input: { note?: string | null; shipment?: TransitionInput['shipment'] },
  ): Promise<Order> {
    return this.transitions.advance(ref, to, input);
  }

  /** Tells `order.status_changed` that a store step left the order in `status`: see OrderTransitions.statusChanged. */
  storeStepDone(orderId: string, status: string): Promise<void> {
    return this.transitions.statusChanged(orderId, status, true);
  }

  /** Moves an order one lifecycle step inside the transaction `db`: see OrderTransitions.transition. */
  transition(db: Db, orderId: string, to: OrderStatus, input: TransitionInput): Promise<OrderRow> {
    return this.transitions.transition(db, orderId, to, input);
  }

  /** A courier event's step of the order inside the transaction `db`: see OrderCourierSteps.step. */
  courierStep(db: Db, orderId: string, to: CourierStatus, input: CourierStepInput): Promise<CourierStepResult> {
    return this.courier.step(db, orderId, to, input);
  }

  /** Records a booked shipment's courier and AWB on a packed order inside `db`: see OrderTransitions.recordShipment. */
  recordShipment(db: Db, orderId: string, shipment: NonNullable<TransitionInput['shipment']>): Promise<OrderRow> {
    return this.transitions.recordShipment(db, orderId, shipment);
  }

  /** Queues the mail to the shopper about `event` of the order (after its commit): see OrderTransitions.notify. */
  notify(orderId: string, event: OrderMailEvent): Promise<void> {
    return this.transitions.notify(orderId, event);
  }

  /** Sends the confirmation mail again (the store's resend); false for an order never placed or a failed send. */
  resendConfirmation(orderId: string): Promise<boolean> {
    return this.transitions.resendConfirmation(orderId);
  }

  /** Queues the confirmation mail, which goes once per order: see OrderTransitions.sendConfirmation. */
  sendConfirmation(orderId: string): Promise<void> {
    return this.transitions.sendConfirmation(orderId);
  }

  /** behaviour.md §4 paymentStatus of the caller's order, read from the gateway while pending. */
  paymentStatus(userId: string, orderId: string): Promise<PaymentStatusResult> {
    return this.paymentSync.paymentStatus(userId, orderId);
  }

  /** The order-mail job's handler (orders/jobs.ts): see OrderTransitions.mailInTurn. */
  sendMail(job: OrderMailJob): Promise<void> {
    return this.transitions.mailInTurn(job);
  }

  /** Releases the online orders whose payment window has passed; how many. */
  expireUnpaid(now = new Date()): Promise<number> {
    return this.paymentSync.expireUnpaid(now);
  }

  /** The payments module's listener: a payment completed or failed inside `db`. */
  applyPaymentStatus(db: Db, orderId: string, status: PaymentStatus, source: string): Promise<AfterCommit | undefined> {
    return this.paymentSync.applyPaymentStatus(db, orderId, status, source);
  }
}
