/**
 * The steps of placing an order inside its one database transaction, POST /orders
 * (behaviour.md §4 Pricing, §7; docs/architecture.md "A purchase, end to end"): lock the shopper's account,
 * reserve the stock, price the lines, hold the gift card, take the store credit, check how the
 * order may be paid, store the order (and its store credit debit), redeem the coupon, close the
 * cart lines. A failing step throws and the
 * transaction's rollback undoes the steps before it, so none needs its own compensation.
 * Money in paise; nothing the client says about money is used.
 */
import {
  AUTH_MESSAGES,
  codLimitExceeded,
  unpaidOrdersLimit,
  type Address,
  type OrderStatus,
  type PaymentStatus,
} from '@vastra/contracts';
import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import type { Step } from '../../lib/steps';
import type { ReservedLine, StockLine } from '../catalog';
import type { Quote } from '../pricing';
import { orderEvents, orderItems, orders, type OrderRow } from './tables';
import { ONLINE_GATEWAYS, type CreateOrderInput, type OrdersDeps } from './types';

/** What placing an order knows as its steps run; each step fills in its part. */
export type PlaceContext = {
  db: Db;
  orderId: string;
  userId: string;
  input: CreateOrderInput;
  address: Address;
  stateCode: string;
  wanted: StockLine[];
  idempotencyKey: string | undefined;
  lines: ReservedLine[];
  quote: Quote | null;
  gift: { giftCardId: string; code: string; amountPaise: number } | null;
  /** Paid with store credit (behaviour.md "Store credit"). */
  walletPaise: number;
  payablePaise: number;
  /** The cash on delivery limit in force when the order was asked for, in paise. */
  codMaxPaise: number;
  /** Cash on delivery above this (paise) is held for the shopper's confirmation; null: never. */
  codConfirmAbovePaise: number | null;
  online: boolean;
  row: OrderRow | null;
};

/** The steps, in order, with the services they use. */
export function placeSteps(deps: OrdersDeps): Step<PlaceContext>[] {
  const { options } = deps;
  return [
    {
      // First of all locks: the unpaid orders counted below stay counted until commit. A
      // blocked account orders nothing, even with a token issued before the block.
      name: 'lock the account',
      run: async (ctx) => {
        const account = await deps.users.lock(ctx.db, ctx.userId);
        if (account?.blockedAt) throw new ForbiddenError(AUTH_MESSAGES.accountBlocked);
      },
    },
    {
      name: 'reserve stock',
      run: async (ctx) => {
        ctx.lines = await deps.inventory.reserve(ctx.db, ctx.wanted);
      },
    },
    {
      // The one pricing of the store (modules/pricing): a refused coupon stops the order.
      name: 'price the lines',
      run: async (ctx) => {
        ctx.quote = await deps.pricing.quote(
          {
            lines: ctx.lines,
            couponCode: ctx.input.coupon,
            placeOfSupply: ctx.stateCode,
            userId: ctx.userId,
            strict: true,
            paymentMethod: ctx.input.paymentMethod,
          },
          ctx.db,
        );
      },
    },
    {
      name: 'hold the gift card',
      run: async (ctx) => {
        const giftCode = ctx.input.additionalCoupon?.trim() || null;
        const totalPaise = ctx.quote?.totalPaise ?? 0;
        ctx.gift =
          giftCode && totalPaise > 0
            ? await deps.giftCards.hold(ctx.db, { code: giftCode, orderId: ctx.orderId, maxPaise: totalPaise })
            : null;
        ctx.payablePaise = totalPaise - (ctx.gift?.amountPaise ?? 0);
      },
    },
    {
      // The wallet stays locked until the commit: racing orders of one balance take turns.
      name: 'take the store credit',
      run: async (ctx) => {
        if (!ctx.input.useStoreCredit || ctx.payablePaise <= 0) return;
        const balance = await deps.wallet.lockForSpend(ctx.db, ctx.userId);
        ctx.walletPaise = Math.min(balance, ctx.payablePaise);
        ctx.payablePaise -= ctx.walletPaise;
      },
    },
    {
      name: 'check the payment method',
      run: async (ctx) => {
        if (ctx.input.paymentMethod === 'cod' && ctx.payablePaise > ctx.codMaxPaise) {
          throw new ValidationError(codLimitExceeded(paiseToRupees(ctx.codMaxPaise)));
        }
        ctx.online = ONLINE_GATEWAYS.has(ctx.input.paymentMethod) && ctx.payablePaise > 0;
        if (ctx.online) await checkUnpaidOrders(ctx.db, ctx.userId, options.maxUnpaidOrders);
      },
    },
    { name: 'create the order', run: (ctx) => createOrder(ctx, options) },
    {
      name: 'record the store credit spent',
      run: async (ctx) => {
        if (ctx.walletPaise === 0) return;
        await deps.wallet.debitOrder(ctx.db, {
          userId: ctx.userId,
          orderId: ctx.orderId,
          orderNumber: ctx.row!.orderNumber,
          amountPaise: ctx.walletPaise,
        });
      },
    },
    {
      name: 'record the stock movements',
      run: (ctx) =>
        deps.inventory.recordOrdered(ctx.db, ctx.lines, { actor: 'shopper', reference: ctx.row!.orderNumber }),
    },
    {
      name: 'redeem the coupon',
      run: async (ctx) => {
        const coupon = ctx.quote?.coupon;
        if (!coupon) return;
        await deps.coupons.redeem(ctx.db, {
          couponId: coupon.coupon.id,
          userId: ctx.userId,
          orderId: ctx.orderId,
          discountPaise: coupon.discountPaise,
        });
      },
    },
    {
      name: 'close the cart lines',
      run: (ctx) =>
        deps.carts.closeOrderedLines(
          ctx.db,
          ctx.userId,
          ctx.lines.map((l) => l.variantId),
        ),
    },
  ];
}

/**
 * ConflictError(unpaidOrdersLimit) when the shopper already holds `max` online orders waiting
 * for payment (within their window: an expired one is about to be released). Runs under the
 * shopper's lock, so concurrent orders cannot all pass the count.
 */
async function checkUnpaidOrders(db: Db, userId: string, max: number): Promise<void> {
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

/** Stores the order with a snapshot of every line and its first timeline event. */
async function createOrder(ctx: PlaceContext, options: OrdersDeps['options']): Promise<void> {
  const { db, orderId, quote, online } = ctx;
  if (!quote) throw new Error('the order was not priced');
  const paidInFull = ctx.payablePaise === 0;
  const held =
    ctx.input.paymentMethod === 'cod' &&
    ctx.codConfirmAbovePaise !== null &&
    ctx.payablePaise > ctx.codConfirmAbovePaise;
  const status: OrderStatus = online ? 'pending_payment' : held ? 'awaiting_confirmation' : 'placed';
  const paymentStatus: PaymentStatus = paidInFull ? 'completed' : 'pending';
  const [seq] = await queryRows<{ n: number }>(db, sql`SELECT nextval('order_number_seq')::int AS n`);
  const [row] = await db
    .insert(orders)
    .values({
      id: orderId,
      orderNumber: `VST-${String(seq?.n).padStart(6, '0')}`,
      userId: ctx.userId,
      status,
      paymentStatus,
      paidAt: paidInFull ? new Date() : null,
      paymentGateway: ctx.input.paymentMethod,
      shippingAddress: ctx.address,
      placeOfSupply: ctx.stateCode,
      storeState: options.storeState,
      pricesIncludeTax: quote.pricesIncludeTax,
      buyerGstin: ctx.input.buyerGstin ?? null,
      buyerBusinessName: ctx.input.buyerGstin ? (ctx.input.buyerBusinessName ?? null) : null,
      locale: ctx.input.locale ?? 'en',
      couponId: quote.coupon?.coupon.id ?? null,
      couponCode: quote.coupon?.coupon.code ?? null,
      giftCardId: ctx.gift?.giftCardId ?? null,
      giftCardCode: ctx.gift?.code ?? null,
      subtotalPaise: quote.subtotalPaise,
      discountPaise: quote.discountPaise,
      shippingPaise: quote.deliveryChargePaise,
      codFeePaise: quote.codFeePaise,
      charges: quote.charges,
      taxablePaise: quote.taxablePaise,
      taxPaise: quote.taxPaise,
      taxes: quote.components,
      totalPaise: quote.totalPaise,
      giftCardPaise: ctx.gift?.amountPaise ?? 0,
      walletPaise: ctx.walletPaise,
      payablePaise: ctx.payablePaise,
      paymentExpiresAt: online ? new Date(Date.now() + options.paymentTimeoutMs) : null,
      idempotencyKey: ctx.idempotencyKey ?? null,
    })
    .returning();
  if (!row) throw new Error('the order insert returned no row');
  await db.insert(orderItems).values(
    quote.lines.map((l, i) => {
      const line = ctx.lines[i];
      if (!line) throw new Error('the quote has more lines than the order');
      return {
        orderId,
        productId: l.productId,
        variantId: l.variantId,
        position: i,
        quantity: l.quantity,
        name: line.name,
        brand: line.brand,
        sku: line.sku,
        size: line.size,
        color: line.color,
        hsnCode: l.hsnCode,
        categoryId: l.categoryId,
        image: line.image,
        unitPricePaise: l.unitPricePaise,
        mrpPaise: line.mrpPaise,
        lineSubtotalPaise: l.lineSubtotalPaise,
        discountPaise: l.discountPaise,
        taxablePaise: l.taxablePaise,
        taxRateBasisPoints: l.rateBasisPoints,
        taxRule: l.taxRule,
        cgstPaise: l.cgstPaise,
        sgstPaise: l.sgstPaise,
        igstPaise: l.igstPaise,
        taxPaise: l.taxPaise,
        totalPaise: l.totalPaise,
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
        ? `Order placed, paid by ${ctx.walletPaise > 0 ? 'store credit' : 'gift card'}`
        : 'Order placed, cash on delivery',
  });
  ctx.row = row;
}
