/**
 * Table of the reviews module (behaviour.md §3 Review): one review per user and product, which
 * the store may hide.
 */
import { REVIEW_FITS } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from '../catalog/tables';
import { users } from '../users/tables';

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    /** Stored exactly as written; escaped where rendered. */
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Keys of the photos in the file store (`reviews/<uuid>.<ext>`). */
    photoKeys: text('photo_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The reviewer's answer to "How was the fit?"; null when not asked or not answered. */
    fit: text('fit', { enum: REVIEW_FITS }),
    isVerifiedPurchase: boolean('is_verified_purchase').notNull().default(false),
    /** Set when the store hides the review (docs/admin.md "Reviews"): shoppers no longer see or count it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Why it was hidden, and who hid it (a staff member's email). */
    hiddenReason: text('hidden_reason'),
    hiddenBy: text('hidden_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_user_product_idx').on(t.userId, t.productId),
    index('reviews_product_created_idx').on(t.productId, t.createdAt),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);
