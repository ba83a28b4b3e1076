/**
 * The shipping module's tables (docs/behaviour.md "Courier updates: NDR and RTO", "COD
 * remittance"): every tracking event the courier sent (once each, with what it did to the
 * order), the shoppers' answers to a failed delivery attempt (NDR) as sent to the courier, and
 * the courier's COD remittance files with their lines. Money in integer paise.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';
import { users } from '../users/tables';

/** One scan of a tracking event as Shiprocket sends it (its date in India time, as written). */
export type StoredScan = { date: string; activity: string | null; location: string | null; label: string | null };

export const courierEvents = pgTable(
  'courier_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** `<awb>|<shipment_status_id>|<current_status_id>|<current_timestamp>`: the same event twice is stored once. */
    dedupeKey: text('dedupe_key').notNull(),
    /** The order of the AWB, or null when no order has it (kept for the store to look at). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    awb: text('awb').notNull(),
    courier: text('courier'),
    /** Shiprocket's shipment status and its id (IN TRANSIT, 18). */
    shipmentStatus: text('shipment_status').notNull(),
    shipmentStatusId: integer('shipment_status_id'),
    /** The order status the event stands for (shipped … returned_to_seller), or null for one that moves nothing. */
    mappedStatus: text('mapped_status'),
    /** Whether the event moved the order (false: replayed, older than the last one, or nothing to do). */
    applied: boolean('applied').notNull().default(false),
    /** The latest scan's activity and place ("Consignee not available", "Mumbai Hub"): the NDR reason. */
    activity: text('activity'),
    location: text('location'),
    /** When it happened at the courier (current_timestamp, India time). */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** A return shipment's event (is_return = 1): stored, never moves the forward order. */
    isReturn: boolean('is_return').notNull().default(false),
    scans: jsonb('scans')
      .$type<StoredScan[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('courier_events_dedupe_idx').on(t.dedupeKey),
    index('courier_events_order_idx').on(t.orderId, t.occurredAt),
    index('courier_events_awb_idx').on(t.awb, t.occurredAt),
  ],
);
export type CourierEventRow = typeof courierEvents.$inferSelect;

/** How an NDR answer went to the courier: accepted, or refused / unreachable (the store follows up). */
export const NDR_REQUEST_STATUSES = ['sent', 'failed'] as const;

export const ndrRequests = pgTable(
  'ndr_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The failed attempt (its courier event) this answers: one answer per attempt. */
    attemptEventId: uuid('attempt_event_id')
      .notNull()
      .references(() => courierEvents.id, { onDelete: 'cascade' }),
    awb: text('awb').notNull(),
    /** Shiprocket's action: re-attempt. */
    action: text('action').notNull(),
    /** The day the shopper asked for (YYYY-MM-DD, India), or null: the courier's next round. */
    preferredDate: text('preferred_date'),
    /** Another phone number for the courier (10 digits), or null. */
    phone: text('phone'),
    /** What was sent as `comments`. */
    comments: text('comments').notNull(),
    status: text('status', { enum: NDR_REQUEST_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ndr_requests_attempt_idx').on(t.attemptEventId),
    index('ndr_requests_order_idx').on(t.orderId, t.createdAt),
  ],
);
export type NdrRequestRow = typeof ndrRequests.$inferSelect;

export const codRemittanceBatches = pgTable(
  'cod_remittance_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the file's bytes: the same file uploaded twice is one batch. */
    fileSha256: text('file_sha256').notNull(),
    fileName: text('file_name').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    /** Lines read, and how many were new (a line of an earlier file counts once). */
    lineCount: integer('line_count').notNull(),
    newLineCount: integer('new_line_count').notNull(),
    remittedPaise: integer('remitted_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cod_remittance_batches_sha_idx').on(t.fileSha256)],
);
export type CodRemittanceBatchRow = typeof codRemittanceBatches.$inferSelect;

export const codRemittanceLines = pgTable(
  'cod_remittance_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    batchId: uuid('batch_id')
      .notNull()
      .references(() => codRemittanceBatches.id, { onDelete: 'cascade' }),
    /** `<awb>|<utr>`: a line that comes again in another file counts once. */
    lineKey: text('line_key').notNull(),
    awb: text('awb').notNull(),
    /** The order id as the file gives it (our order number), for the store's eyes. */
    orderRef: text('order_ref'),
    codPaise: integer('cod_paise').notNull(),
    remittedPaise: integer('remitted_paise').notNull(),
    /** YYYY-MM-DD. */
    remittanceDate: text('remittance_date'),
    /** The bank transfer's UTR, or Shiprocket's CRF id. */
    utr: text('utr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cod_remittance_lines_key_idx').on(t.lineKey), index('cod_remittance_lines_awb_idx').on(t.awb)],
);
export type CodRemittanceLineRow = typeof codRemittanceLines.$inferSelect;
