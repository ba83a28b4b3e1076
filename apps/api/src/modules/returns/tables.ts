/**
 * Tables of the returns module (behaviour.md §3 returnRequest): a shopper's request to return some or all
 * of a delivered order, the items and quantities in it with the refund of each, and the
 * photos or video sent with it (bytes in the file store, under `returns/<order id>/…`).
 * Money in integer paise.
 */
import type { RefundDestination, ReturnReason, ReturnStatus } from '@vastra/contracts';
import { REFUND_DESTINATIONS, RETURN_REASONS, RETURN_STATUSES } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orderItems, orders, type StoredCharge } from '../orders/tables';
import { users } from '../users/tables';

export const returnRequests = pgTable(
  'return_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['full', 'partial'] }).notNull(),
    reason: text('reason', { enum: RETURN_REASONS }).$type<ReturnReason>().notNull(),
    comment: text('comment'),
    status: text('status', { enum: RETURN_STATUSES }).$type<ReturnStatus>().notNull().default('requested'),
    /** Sum of the items' refunds and of `charges`; split below into the gift card's share and the gateway's (or manual, for COD). */
    refundPaise: integer('refund_paise').notNull(),
    /** The order's delivery charge and COD fee given back: only by the return that brings the whole order back (behaviour.md §10 Returns). */
    charges: jsonb('charges').$type<StoredCharge[]>().notNull().default([]),
    giftCardRefundPaise: integer('gift_card_refund_paise').notNull().default(0),
    /** The share of the order's store credit part: always back to the store credit. */
    walletRefundPaise: integer('wallet_refund_paise').notNull().default(0),
    /** The rest: through the gateway, by hand for COD, or onto the store credit when `refundTo` is `wallet`. */
    gatewayRefundPaise: integer('gateway_refund_paise').notNull().default(0),
    /** Where the rest goes, as the shopper chose (behaviour.md "Store credit"). */
    refundTo: text('refund_to', { enum: REFUND_DESTINATIONS }).$type<RefundDestination>().notNull().default('original'),
    decisionNote: text('decision_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('return_requests_user_idx').on(t.userId, t.createdAt.desc()),
    index('return_requests_order_idx').on(t.orderId, t.createdAt),
    // One open return per order at a time.
    uniqueIndex('return_requests_open_idx')
      .on(t.orderId)
      .where(sql`${t.status} IN ('requested', 'approved', 'picked_up')`),
    check(
      'return_requests_refund_split',
      sql`${t.refundPaise} >= 0 AND ${t.giftCardRefundPaise} >= 0 AND ${t.walletRefundPaise} >= 0 AND ${t.gatewayRefundPaise} >= 0 AND ${t.giftCardRefundPaise} + ${t.walletRefundPaise} + ${t.gatewayRefundPaise} = ${t.refundPaise}`,
    ),
  ],
);

export type ReturnRequestRow = typeof returnRequests.$inferSelect;

export const returnItems = pgTable(
  'return_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnRequestId: uuid('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id),
    quantity: integer('quantity').notNull(),
    /** The returned pieces' share of the line: taxable value, GST and what was paid (refund). */
    taxablePaise: integer('taxable_paise').notNull(),
    cgstPaise: integer('cgst_paise').notNull().default(0),
    sgstPaise: integer('sgst_paise').notNull().default(0),
    igstPaise: integer('igst_paise').notNull().default(0),
    refundPaise: integer('refund_paise').notNull(),
    /** Whether the pieces went back in stock at pickup; null until the pickup. */
    restocked: boolean('restocked'),
  },
  (t) => [
    uniqueIndex('return_items_request_item_idx').on(t.returnRequestId, t.orderItemId),
    index('return_items_order_item_idx').on(t.orderItemId),
    check('return_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export type ReturnItemRow = typeof returnItems.$inferSelect;

export const returnFiles = pgTable(
  'return_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnRequestId: uuid('return_request_id')
      .notNull()
      .references(() => returnRequests.id, { onDelete: 'cascade' }),
    /** File store key. */
    key: text('key').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('return_files_request_idx').on(t.returnRequestId, t.position)],
);
