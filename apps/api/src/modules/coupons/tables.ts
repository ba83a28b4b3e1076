/**
 * Tables of the coupons module (behaviour.md §3 Coupon, §4 coupons and gift cards): promotion codes with
 * their rules, each use of a coupon by an order, gift cards and the movements of their
 * balance. Money in integer paise.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    description: text('description').notNull(),
    discountType: text('discount_type', { enum: ['percentage', 'fixed'] }).notNull(),
    /** Percent (1–100) for `percentage`, paise for `fixed`. */
    discountValue: integer('discount_value').notNull(),
    maxDiscountPaise: integer('max_discount_paise'),
    minOrderPaise: integer('min_order_paise').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    /** Uses by all shoppers together; null = unlimited. */
    usageLimit: integer('usage_limit'),
    /** Uses by one shopper; null = unlimited. */
    usageLimitPerUser: integer('usage_limit_per_user'),
    /** Only for a shopper's first order (one that was not cancelled or failed). */
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    /** Limited to these categories (any level of the tree) or products; both empty = everything. */
    categoryIds: uuid('category_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    productIds: uuid('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Shown to shoppers in the lists of offers; private (false) coupons work only when typed. */
    advertised: boolean('advertised').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(sql`upper(${t.code})`),
    check('coupons_value_positive', sql`${t.discountValue} > 0`),
    check('coupons_percentage_range', sql`${t.discountType} <> 'percentage' OR ${t.discountValue} <= 100`),
  ],
);

/**
 * One use of a coupon by an order. A use counts towards the limits until it is released
 * (the order's payment failed or expired, or it was cancelled).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order (orders.id); not a foreign key so that the coupons module stays below orders. */
    orderId: uuid('order_id').notNull(),
    discountPaise: integer('discount_paise').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_coupon_idx').on(t.couponId, t.userId),
  ],
);

/** A gift card: a code with a balance that pays part or all of an order. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case; matched case-insensitively. */
    code: text('code').notNull(),
    initialBalancePaise: integer('initial_balance_paise').notNull(),
    /** What is left to spend; goes down when an order is placed and back when it is released. */
    balancePaise: integer('balance_paise').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gift_cards_code_idx').on(sql`upper(${t.code})`),
    check('gift_cards_balance_range', sql`${t.balancePaise} >= 0 AND ${t.balancePaise} <= ${t.initialBalancePaise}`),
  ],
);

/**
 * Movements of a gift card balance: a `hold` when an order is placed (negative amount), a
 * `release` when that order fails or is cancelled (positive), a `refund` when a returned
 * share goes back to the card (positive).
 */
export const giftCardTransactions = pgTable(
  'gift_card_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id),
    orderId: uuid('order_id').notNull(),
    kind: text('kind', { enum: ['hold', 'release', 'refund'] }).notNull(),
    amountPaise: integer('amount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gift_card_transactions_order_idx').on(t.orderId),
    // One hold and one release per order and card: a replayed release cannot pay out twice.
    uniqueIndex('gift_card_transactions_once_idx')
      .on(t.giftCardId, t.orderId, t.kind)
      .where(sql`${t.kind} <> 'refund'`),
  ],
);
