/**
 * Tables of the invoices module: the GST documents issued (tax invoices of orders, credit
 * notes of refunded returns, both of an exchange whose price differs) with their numbers, and one counter per kind and financial year
 * (April to March, India time), so numbers run 1, 2, 3… and restart each year.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

export const invoiceDocuments = pgTable(
  'invoice_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INVOICE_KINDS }).$type<InvoiceKind>().notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The return a credit note belongs to; null for an invoice. */
    returnRequestId: uuid('return_request_id'),
    /** The exchange a document belongs to (the returned piece's credit note, the replacement's invoice); null otherwise. */
    exchangeRequestId: uuid('exchange_request_id'),
    /** e.g. INV/2026-27/000001 or CN/2026-27/000001. */
    number: text('number').notNull(),
    /** e.g. 2026-27. */
    financialYear: text('financial_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** An invoice whose goods were never supplied (cash on delivery refused at the door): its number stays, it counts nowhere. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_documents_number_idx').on(t.number),
    uniqueIndex('invoice_documents_order_invoice_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' AND ${t.exchangeRequestId} IS NULL`),
    uniqueIndex('invoice_documents_return_idx').on(t.returnRequestId),
    uniqueIndex('invoice_documents_exchange_idx').on(t.kind, t.exchangeRequestId),
  ],
);

export type InvoiceDocumentRow = typeof invoiceDocuments.$inferSelect;

export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    kind: text('kind', { enum: INVOICE_KINDS }).$type<InvoiceKind>().notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.financialYear] })],
);
