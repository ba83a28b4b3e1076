/**
 * Tables of the orders module (behaviour.md §3 Order): the order with its totals and a copy of the
 * shipping address, one row per line with everything an invoice needs (a snapshot: later
 * catalogue changes do not touch it), and the timeline of status changes. Money in integer
 * paise; tax rates in basis points.
 */
import type { Address, ChargeKind, OrderStatus, PaymentMethod, PaymentStatus } from '@vastra/contracts';
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, SHOPPER_LOCALES } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, variants } from '../catalog/tables';
import type { StoredTaxComponent, StoredTaxRule } from '../taxes/tables';

export type { StoredTaxComponent, StoredTaxRule };

/** A delivery charge or COD fee as priced (pricing's QuotedCharge), paise; rate in basis points. */
export type StoredCharge = {
  kind: ChargeKind;
  hsnCode: string;
  taxablePaise: number;
  rateBasisPoints: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
};
import { users } from '../users/tables';

/** Feeds the human order number (VST-000123); a sequence never hands out a number twice. */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 1001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ORDER_STATUSES }).$type<OrderStatus>().notNull(),
    paymentStatus: text('payment_status', { enum: PAYMENT_STATUSES })
      .$type<PaymentStatus>()
      .notNull()
      .default('pending'),
    paymentGateway: text('payment_gateway', { enum: PAYMENT_METHODS }).$type<PaymentMethod>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    /** GST state code of the ship-to state (place of supply), e.g. "29". */
    placeOfSupply: text('place_of_supply').notNull(),
    /** GST state code of the store when the order was placed (config STORE_STATE). */
    storeState: text('store_state').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    /** A business buyer's GSTIN (of the place of supply) and name: a B2B supply. Null for a consumer (B2C). */
    buyerGstin: text('buyer_gstin'),
    buyerBusinessName: text('buyer_business_name'),
    /** The language the order was placed in ('en' or 'hi'), from the checkout page. */
    locale: text('locale', { enum: SHOPPER_LOCALES }).notNull().default('en'),
    couponId: uuid('coupon_id'),
    couponCode: text('coupon_code'),
    giftCardId: uuid('gift_card_id'),
    giftCardCode: text('gift_card_code'),
    subtotalPaise: integer('subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    /** The delivery charge with its GST (behaviour.md §4 Delivery charge and COD fee); 0 = free. */
    shippingPaise: integer('shipping_paise').notNull().default(0),
    /** The COD fee with its GST; 0 = none. */
    codFeePaise: integer('cod_fee_paise').notNull().default(0),
    /** The delivery charge and COD fee with their GST, as priced (only those above 0). */
    charges: jsonb('charges').$type<StoredCharge[]>().notNull().default([]),
    taxablePaise: integer('taxable_paise').notNull(),
    taxPaise: integer('tax_paise').notNull(),
    taxes: jsonb('taxes').$type<StoredTaxComponent[]>().notNull().default([]),
    totalPaise: integer('total_paise').notNull(),
    giftCardPaise: integer('gift_card_paise').notNull().default(0),
    /** Paid with store credit (the wallet module's debit for this order; behaviour.md "Store credit"). */
    walletPaise: integer('wallet_paise').notNull().default(0),
    /** totalPaise − giftCardPaise − walletPaise: what the gateway (or the courier, for COD) collects. */
    payablePaise: integer('payable_paise').notNull(),
    /** When the payment completed: the gateway's confirmation, or the cash collected on delivery (COD). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Where the shopper pays while the payment is pending (the gateway's page). */
    paymentUrl: text('payment_url'),
    /** An unpaid online order is released after this time. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    /** The shopper removed the order from their list (DELETE); the record stays for the books. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The shipment, set when the operator ships the order. */
    courier: text('courier'),
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    estimatedDeliveryAt: timestamp('estimated_delivery_at', { withTimezone: true }),
    /** Starts the return window. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /**
     * Set when the shopper's account is erased: the order is kept as a GST record until this day
     * (72 months from the 31 December after its financial year; docs/behaviour.md "Data rights:
     * export, erasure, retention"), then purged by the `privacy.retention` job.
     */
    retainUntil: date('retain_until', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.orderNumber),
    uniqueIndex('orders_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_awb_idx').on(t.awb),
    index('orders_payment_expiry_idx')
      .on(t.paymentExpiresAt)
      .where(sql`${t.paymentStatus} = 'pending' AND ${t.paymentExpiresAt} IS NOT NULL`),
    check(
      'orders_totals_nonnegative',
      sql`${t.totalPaise} >= 0 AND ${t.payablePaise} >= 0 AND ${t.giftCardPaise} >= 0 AND ${t.walletPaise} >= 0`,
    ),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variants.id),
    position: integer('position').notNull(),
    quantity: integer('quantity').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    sku: text('sku').notNull(),
    size: text('size').notNull(),
    color: text('color').notNull(),
    hsnCode: text('hsn_code').notNull(),
    categoryId: uuid('category_id'),
    image: text('image'),
    unitPricePaise: integer('unit_price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    lineSubtotalPaise: integer('line_subtotal_paise').notNull(),
    discountPaise: integer('discount_paise').notNull().default(0),
    taxablePaise: integer('taxable_paise').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    /** The rate table's slab that taxed the line, as it was; null: the built-in default rate, or placed before the gst_law_rates migration. */
    taxRule: jsonb('tax_rule').$type<StoredTaxRule>(),
    cgstPaise: integer('cgst_paise').notNull().default(0),
    sgstPaise: integer('sgst_paise').notNull().default(0),
    igstPaise: integer('igst_paise').notNull().default(0),
    taxPaise: integer('tax_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId, t.position),
    index('order_items_variant_idx').on(t.variantId),
    check('order_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export type OrderItemRow = typeof orderItems.$inferSelect;

/** The timeline: every change of status, with when and who (shopper, system, gateway, operator). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).$type<OrderStatus>().notNull(),
    actor: text('actor').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

export type OrderEventRow = typeof orderEvents.$inferSelect;
