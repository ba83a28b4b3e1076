/**
 * Tables of the wallet module (behaviour.md "Store credit"): one row per shopper with a wallet,
 * locked while its ledger is written so spends of one balance take turns, and the append-only
 * ledger whose sum is the balance. Nothing stores a balance. Money in integer paise.
 */
import type { WalletEntryKind, WalletEntrySource } from '@vastra/contracts';
import { WALLET_ENTRY_KINDS, WALLET_ENTRY_SOURCES } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';
import { returnRequests } from '../returns/tables';
import { staff } from '../staff/tables';
import { users } from '../users/tables';

/** The shopper's wallet: only a row to lock (`FOR UPDATE`) around a ledger write. */
export const wallets = pgTable('wallets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every movement of store credit, never updated nor deleted (but an erased account's purged by
 * the retention job in the end: docs/behaviour.md "Data rights: export, erasure, retention"):
 * credits and reversals positive, debits and expiries negative. Each says why (`reason`,
 * `source`) and links its order, return or staff member; an expiry links the promotional credit
 * it ends.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order entries were written in (entries of one transaction share `createdAt`). */
    seq: serial('seq').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => wallets.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: WALLET_ENTRY_KINDS }).$type<WalletEntryKind>().notNull(),
    source: text('source', { enum: WALLET_ENTRY_SOURCES }).$type<WalletEntrySource>().notNull(),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    /** The order's number as it was when the entry was written (shown beside the entry). */
    orderNumber: text('order_number'),
    returnRequestId: uuid('return_request_id').references(() => returnRequests.id),
    staffId: uuid('staff_id').references(() => staff.id),
    /** Promotional credit ends here; null: never (refund credit, reversals of it). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** For an expiry or a reversal: the entry it ends or gives back. */
    relatedEntryId: uuid('related_entry_id').references((): AnyPgColumn => walletEntries.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.userId, t.seq),
    index('wallet_entries_order_idx').on(t.orderId),
    index('wallet_entries_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.expiresAt} IS NOT NULL`),
    // One debit per order and one expiry of each credit: a retry adds nothing (reversals are checked under the wallet's lock).
    uniqueIndex('wallet_entries_order_debit_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'debit' AND ${t.source} = 'order'`),
    uniqueIndex('wallet_entries_expiry_of_idx')
      .on(t.relatedEntryId)
      .where(sql`${t.kind} = 'expiry'`),
    check(
      'wallet_entries_sign',
      sql`(${t.kind} IN ('credit', 'reversal') AND ${t.amountPaise} > 0) OR (${t.kind} IN ('debit', 'expiry') AND ${t.amountPaise} < 0)`,
    ),
  ],
);

export type WalletEntryRow = typeof walletEntries.$inferSelect;
