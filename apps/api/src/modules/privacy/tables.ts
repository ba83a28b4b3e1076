/**
 * Table of the privacy module (docs/behaviour.md "Data rights: export, erasure, retention"): the
 * notice of erasure mailed to an inactive account. The row is the claim: of two scans at once
 * only one inserts it (and mails), and of two erasures of a due notice only one sets `erasedAt`.
 */
import { index, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';

export const inactivityNotices = pgTable(
  'inactivity_notices',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the notice was claimed and mailed; activity after it cancels the erasure. */
    noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull(),
    /** The account is erased from this moment on if still inactive (48 hours after the notice). */
    eraseAfter: timestamp('erase_after', { withTimezone: true }).notNull(),
    /** Set by the scan that erased the account (once). */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [index('inactivity_notices_due_idx').on(t.eraseAfter)],
);
