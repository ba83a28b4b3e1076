/**
 * Table of the wishlist module (behaviour.md §3 Wishlist entry): one row per user and product size.
 */
import { index, integer, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, variants } from '../catalog/tables';
import { users } from '../users/tables';

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    /**
     * The price (paise) a price-drop alert compares with: the price when saved, then the price
     * last mailed about; null until the alerts job first sees the item.
     */
    priceAlertBasePaise: integer('price_alert_base_paise'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wishlist_items_user_variant_idx').on(t.userId, t.variantId),
    index('wishlist_items_user_created_idx').on(t.userId, t.createdAt),
  ],
);
