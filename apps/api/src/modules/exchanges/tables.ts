/**
 * Tables of the exchanges module (behaviour.md "Exchanges"): a shopper's request to swap
 * pieces of one delivered line for another size or colour of the same product, with the
 * replacement's stock held from the request, the price difference settled on the store
 * credit, and the photos sent with it (bytes in the file store, under `exchanges/<order id>/…`).
 * Money in integer paise.
 */
import type { ExchangeSettlement, ExchangeStatus, ReturnReason } from '@vastra/contracts';
import { EXCHANGE_SETTLEMENTS, EXCHANGE_STATUSES, RETURN_REASONS } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products, variants } from '../catalog/tables';
import { orderItems, orders } from '../orders/tables';
import { users } from '../users/tables';

export const exchangeRequests = pgTable(
  'exchange_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Every piece of the line still held (bought less returned and exchanged before). */
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).$type<ReturnReason>().notNull(),
    comment: text('comment'),
    status: text('status', { enum: EXCHANGE_STATUSES }).$type<ExchangeStatus>().notNull().default('requested'),
    /** The replacement size or colour, as it was when asked for. */
    newVariantId: uuid('new_variant_id')
      .notNull()
      .references(() => variants.id),
    newSku: text('new_sku').notNull(),
    newSize: text('new_size').notNull(),
    newColor: text('new_color').notNull(),
    /** One piece, GST included: the line's list price and the replacement's price when asked for. */
    oldUnitPaise: integer('old_unit_paise').notNull(),
    newUnitPaise: integer('new_unit_paise').notNull(),
    /** (new − old) × quantity: above 0 the shopper paid it, below 0 it is given back. */
    differencePaise: integer('difference_paise').notNull(),
    settlement: text('settlement', { enum: EXCHANGE_SETTLEMENTS })
      .$type<ExchangeSettlement>()
      .notNull()
      .default('none'),
    decisionNote: text('decision_note'),
    courier: text('courier'),
    awb: text('awb'),
    /** Whether the returned piece went back in stock at pickup; null until then. */
    restocked: boolean('restocked'),
    /** GST document numbers (invoices' series), only when the price differs: the returned piece's, the replacement's. */
    creditNoteNumber: text('credit_note_number'),
    invoiceNumber: text('invoice_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('exchange_requests_order_idx').on(t.orderId, t.createdAt),
    index('exchange_requests_queue_idx').on(t.status, t.createdAt),
    // One open exchange per line at a time: two requests at once cannot both hold stock.
    uniqueIndex('exchange_requests_open_idx')
      .on(t.orderItemId)
      .where(sql`${t.status} IN ('requested', 'approved', 'picked_up', 'shipped')`),
    check('exchange_requests_quantity_positive', sql`${t.quantity} > 0`),
    check(
      'exchange_requests_difference',
      sql`${t.differencePaise} = (${t.newUnitPaise} - ${t.oldUnitPaise}) * ${t.quantity}`,
    ),
  ],
);

export type ExchangeRequestRow = typeof exchangeRequests.$inferSelect;

export const exchangeFiles = pgTable(
  'exchange_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    exchangeRequestId: uuid('exchange_request_id')
      .notNull()
      .references(() => exchangeRequests.id, { onDelete: 'cascade' }),
    /** File store key. */
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('exchange_files_request_idx').on(t.exchangeRequestId, t.position)],
);
