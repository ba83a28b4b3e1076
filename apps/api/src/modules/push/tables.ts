/**
 * Tables of the push module (docs/behaviour.md "Push notifications"): each shopper's browsers
 * that accepted Web Push (one row per push service endpoint) and which kinds of notification
 * the shopper wants there. A shopper without a preferences row wants every kind.
 */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

/** One browser's push subscription (the W3C PushSubscription): where to send, and its keys. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; unique (a browser moving to another shopper moves its row). */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's ECDH P-256 public key, base64url (uncompressed point, 65 bytes). */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte auth secret, base64url. */
    auth: text('auth').notNull(),
    /** The browser's user agent when it subscribed, to tell devices apart (at most 300 characters). */
    label: text('label'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last time the push service accepted a message for it; null: none yet. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** The kinds of push a shopper wants, on all their devices. */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  backInStock: boolean('back_in_stock').notNull().default(true),
  priceDrop: boolean('price_drop').notNull().default(true),
  /** Shipped, out for delivery, delivered, refund issued. */
  orderUpdates: boolean('order_updates').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
