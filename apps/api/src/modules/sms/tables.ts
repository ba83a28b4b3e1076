/**
 * The sms module's table: one row per text sent (or about to be), the ledger the sending limits
 * and the daily budgets count (docs/behaviour.md "Phone sign-in"). In the database, so every API
 * instance counts the same sends. Rows older than two days count for nothing and are cleared.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const smsSends = pgTable(
  'sms_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 10 digits, no +91. */
    phone: text('phone').notNull(),
    /** The client address that asked (request.ip). */
    ip: text('ip').notNull(),
    /** The signed-in account that asked, if any (no foreign key: the ledger outlives accounts). */
    userId: uuid('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_sends_phone_idx').on(t.phone, t.createdAt),
    index('sms_sends_ip_idx').on(t.ip, t.createdAt),
    index('sms_sends_user_idx').on(t.userId, t.createdAt),
    index('sms_sends_created_idx').on(t.createdAt),
  ],
);
