/**
 * Tables of the cart module (behaviour.md §3 Cart): one active cart per user or guest id, its line items,
 * and the promotion codes applied through the commerce API; the reminders of idle carts and the
 * shoppers who want none (behaviour.md "Cart reminders"). Money in integer paise.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { products, variants } from '../catalog/tables';
import { users } from '../users/tables';

export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The owner: a user, a guest id, or neither for a cart made through /store (its id is the key). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestId: text('guest_id'),
    /** False once merged into a user's cart, or (later) turned into an order. */
    isActive: boolean('is_active').notNull().default(true),
    regionId: text('region_id').notNull().default('india_region'),
    email: text('email'),
    /** Codes applied through POST /store/carts/{id}/promotions; at most one coupon. */
    promotionCodes: text('promotion_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised by the database on every change of the cart or its lines, whoever writes them
     * (triggers of migration 0020), so a kept /store answer can be checked against it.
     */
    version: integer('version').notNull().default(0),
    /**
     * When the shopper last ordered from this cart (closeOrderedLines): lines not changed since
     * are left-overs of that order and get no reminder.
     */
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('carts_active_user_idx')
      .on(t.userId)
      .where(sql`${t.isActive} AND ${t.userId} IS NOT NULL`),
    uniqueIndex('carts_active_guest_idx')
      .on(t.guestId)
      .where(sql`${t.isActive} AND ${t.guestId} IS NOT NULL`),
    index('carts_guest_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.guestId} IS NOT NULL`),
    // The reminders' scan: shoppers' open carts by how long they have been idle.
    index('carts_user_updated_idx')
      .on(t.updatedAt)
      .where(sql`${t.isActive} AND ${t.userId} IS NOT NULL`),
  ],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Unit price when the line was added (or its quantity last changed), to flag price changes. */
    unitPricePaiseAtAdd: integer('unit_price_paise_at_add').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_variant_idx').on(t.cartId, t.variantId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * The reminders of a logged-in shopper's idle cart: at most two (number 1 and 2), the key
 * (cart, number) being the claim that makes one scan of many send each (behaviour.md "Cart reminders").
 */
export const cartReminders = pgTable(
  'cart_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cartId: uuid('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 for the first reminder, 2 for the second. */
    number: smallint('number').notNull(),
    /** When the scan claimed it: the second reminder counts its delay from the first's. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When its mail went; null while queued, or when nothing was left to remind of by then. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    /** When the shopper ordered from the cart within CART_REMINDER_ORDER_DAYS of the mail. */
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('cart_reminders_cart_number_idx').on(t.cartId, t.number),
    index('cart_reminders_mailed_idx').on(t.mailedAt),
    check('cart_reminders_number_check', sql`${t.number} IN (1, 2)`),
  ],
);

/** Shoppers who want no cart reminders (the account setting or a mail's link). */
export const cartReminderOptOuts = pgTable('cart_reminder_opt_outs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
