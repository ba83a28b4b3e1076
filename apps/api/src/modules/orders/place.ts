/**
 * Placing an order (behaviour.md §7 POST /orders; docs/architecture.md "A purchase, end to
 * end"): check the address and the lines → the order's transaction (place-steps.ts) → start the
 * payment. Two steps run by the step runner: the transaction, whose compensation releases the
 * committed order (payment failed, stock, coupon use and gift card back), and starting the
 * payment at the gateway. An `Idempotency-Key` makes a retried create answer the first order.
 */
import { randomUUID } from 'node:crypto';
import {
  CART_MESSAGES,
  ORDER_MESSAGES,
  businessBuyerProblem,
  codUnavailableAt,
  type Order,
  type PaymentMethod,
} from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import { runSteps, type Step } from '../../lib/steps';
import type { StockLine } from '../catalog';
import type { OrderPaymentSync } from './payment-sync';
import { placeSteps, type PlaceContext } from './place-steps';
import type { OrderPresenter } from './presenter';
import type { OrderQueries } from './queries';
import { orders, type OrderRow } from './tables';
import type { OrderTransitions } from './transitions';
import { ONLINE_GATEWAYS, type CreateOrderInput, type OrdersDeps } from './types';

export class OrderPlacement {
  constructor(
    private readonly deps: OrdersDeps,
    private readonly queries: OrderQueries,
    private readonly presenter: OrderPresenter,
    private readonly transitions: OrderTransitions,
    private readonly paymentSync: OrderPaymentSync,
  ) {}

  /**
   * What a shopper may choose now: the online gateways offered and, when enabled, cash on
   * delivery, with its limit in paise (null when not offered). The store settings, read at each use.
   */
  async paymentOptions(): Promise<{ methods: PaymentMethod[]; codMaxPaise: number | null }> {
    const { paymentGateway, codEnabled, codMaxPaise } = this.deps.options;
    const now = this.deps.payment ? await this.deps.payment() : { gateways: [paymentGateway], codEnabled, codMaxPaise };
    return {
      methods: now.codEnabled ? [...now.gateways, 'cod'] : [...now.gateways],
      codMaxPaise: now.codEnabled ? now.codMaxPaise : null,
    };
  }

  /**
   * Places an order for `userId`. Returns the order and whether it was created now (false:
   * the Idempotency-Key matched an earlier order).
   * Throws ValidationError (address; a business buyer's GSTIN of another state than the ship-to
   * address, or without its business name; coupon, COD limit or pincode, empty cart), ConflictError (stock, or
   * unpaidOrdersLimit when the shopper already holds maxUnpaidOrders orders waiting for
   * payment), NotFoundError (coupon, gift card), ServiceUnavailableError (the gateway refused).
   */
  async create(
    userId: string,
    input: CreateOrderInput,
    idempotencyKey?: string,
  ): Promise<{ order: Order; created: boolean }> {
    if (idempotencyKey) {
      const earlier = await this.queries.byIdempotencyKey(userId, idempotencyKey);
      if (earlier) return { order: await this.presenter.one(earlier), created: false };
    }
    const payment = await this.paymentOptions();
    if (!payment.methods.includes(input.paymentMethod)) {
      throw new ValidationError(ORDER_MESSAGES.gatewayUnavailable);
    }
    const { address, stateCode } = this.deps.checkAddress(input.shippingAddress);
    const businessProblem = businessBuyerProblem(
      { gstin: input.buyerGstin, businessName: input.buyerBusinessName },
      { name: address.state, code: stateCode },
    );
    if (businessProblem) throw new ValidationError(businessProblem);
    // Asked before the transaction: the answer may come from Shiprocket (docs/shopper-features.md).
    if (input.paymentMethod === 'cod' && !(await this.deps.delivery.codAvailable(address.postalCode))) {
      throw new ValidationError(codUnavailableAt(address.postalCode));
    }
    const wanted = mergeLines(input.items ?? (await this.deps.carts.activeLines(userId)));
    if (wanted.length === 0) throw new ValidationError(ORDER_MESSAGES.itemsRequired);

    const codConfirmAbovePaise =
      input.paymentMethod === 'cod' && this.deps.codConfirmation
        ? (await this.deps.codConfirmation()).abovePaise
        : null;
    const orderId = randomUUID();
    let row: OrderRow;
    try {
      row = await this.deps.db.transaction(async (tx) => {
        const ctx: PlaceContext = {
          db: tx,
          orderId,
          userId,
          input,
          address,
          stateCode,
          wanted,
          idempotencyKey,
          lines: [],
          quote: null,
          gift: null,
          walletPaise: 0,
          payablePaise: 0,
          codMaxPaise: payment.codMaxPaise ?? 0,
          codConfirmAbovePaise,
          online: false,
          row: null,
        };
        const placed = await runSteps(ctx, placeSteps(this.deps));
        if (!placed.row) throw new Error('the order was not stored');
        return placed.row;
      });
    } catch (err) {
      // Two retries raced with one key: the loser's transaction rolled back; answer the winner's order.
      if (idempotencyKey && isUniqueViolation(err)) {
        const earlier = await this.queries.byIdempotencyKey(userId, idempotencyKey);
        if (earlier) return { order: await this.presenter.one(earlier), created: false };
      }
      throw err;
    }
    this.deps.metrics.orderPlaced(row.paymentGateway);
    await this.deps.events.emit('order.placed', { orderId: row.id, userId }).catch((err: unknown) => {
      this.deps.log.error({ err, orderId: row.id }, 'work after an order was placed failed');
    });

    if (input.saveAddress) {
      await this.deps.addressBook.add(userId, address).catch((err: unknown) => {
        this.deps.log.warn({ err, orderId }, 'order placed but its address could not be saved to the address book');
      });
    }
    if (row.status === 'pending_payment' && ONLINE_GATEWAYS.has(row.paymentGateway)) {
      row = (await runSteps({ row }, this.paymentSteps())).row;
    } else if (row.status !== 'awaiting_confirmation') {
      // A held order's confirmation mail goes once the shopper confirms it (cod-hold.ts).
      await this.transitions.sendConfirmation(row.id);
    }
    return { order: await this.presenter.one(row), created: true };
  }

  /**
   * After the commit: the order is held (its compensation releases it), then the payment is
   * started at the gateway and its page stored on the order.
   */
  private paymentSteps(): Step<{ row: OrderRow }>[] {
    const { db, payments, options } = this.deps;
    return [
      {
        name: 'hold the order',
        run: async () => {},
        // The order cannot be paid, so it must not keep the stock.
        compensate: ({ row }) =>
          db.transaction(async (tx) => {
            await payments.fail(tx, row.id, 'The payment could not be started');
            await this.paymentSync.release(tx, row.id, 'system', 'The payment could not be started');
          }),
      },
      {
        name: 'start the payment',
        run: async (ctx) => {
          const { paymentUrl } = await payments.start({
            id: ctx.row.id,
            orderNumber: ctx.row.orderNumber,
            gateway: ctx.row.paymentGateway as 'sandbox' | 'phonepe' | 'razorpay',
            amountPaise: ctx.row.payablePaise,
            expiresAt: ctx.row.paymentExpiresAt ?? new Date(Date.now() + options.paymentTimeoutMs),
          });
          const [updated] = await db
            .update(orders)
            .set({ paymentUrl, updatedAt: sql`now()` })
            .where(eq(orders.id, ctx.row.id))
            .returning();
          ctx.row = updated ?? ctx.row;
        },
      },
    ];
  }
}

/** Same size twice in one request = one line with the quantities added. */
function mergeLines(items: readonly StockLine[]): StockLine[] {
  const merged = new Map<string, StockLine>();
  for (const item of items) {
    const seen = merged.get(item.variantId);
    if (seen && seen.productId === item.productId) seen.quantity += item.quantity;
    else if (!seen) merged.set(item.variantId, { ...item });
    else throw new ValidationError(CART_MESSAGES.variantNotFound);
  }
  return [...merged.values()];
}
