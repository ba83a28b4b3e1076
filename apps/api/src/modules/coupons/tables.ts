/**
 * Table of the coupons module: promotion codes (§3 Coupon). This issue needs the running
 * promotions for banners and for carts of the commerce API; the checkout issue adds the full
 * rule set (usage limits, eligibility, gift cards). Money in integer paise.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(sql`upper(${t.code})`),
    check('coupons_value_positive', sql`${t.discountValue} > 0`),
    check('coupons_percentage_range', sql`${t.discountType} <> 'percentage' OR ${t.discountValue} <= 100`),
  ],
);
