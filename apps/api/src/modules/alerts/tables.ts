/**
 * Tables of the alerts module (docs/shopper-features.md "Alerts"): the shopper's requests to
 * hear when a sold-out size is back, and the day's one alert mail per shopper. Price-drop
 * alerts follow the wishlist (its `priceAlertBasePaise`).
 */
import { date, index, pgTable, primaryKey, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, variants } from '../catalog/tables';
import { users } from '../users/tables';

/** "Notify me": one open request per shopper and size; `notifiedAt` set once mailed. */
export const stockAlerts = pgTable(
  'stock_alerts',
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stock_alerts_user_variant_idx').on(t.userId, t.variantId),
    index('stock_alerts_variant_idx').on(t.variantId),
  ],
);

/** The alert mail a shopper got on a day (India time): the key keeps it to one a day. */
export const alertMails = pgTable(
  'alert_mails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
