/**
 * Table of the files module: the ledger of shoppers' uploads, one row per stored file with its
 * owner and size, from which each account's upload quota is counted.
 */
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

export const uploads = pgTable(
  'uploads',
  {
    /** The file store key (`reviews/<uuid>.webp`, `returns/<orderId>/<uuid>.mp4`…). */
    key: text('key').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Bytes as stored (after re-encoding). */
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('uploads_user_idx').on(t.userId)],
);
