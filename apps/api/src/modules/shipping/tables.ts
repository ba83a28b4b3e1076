/**
 * The shipping module's tables (docs/behaviour.md "Shipping operations: booking", "Courier
 * updates: NDR and RTO", "COD remittance"): one shipment per order, booked with a courier through
 * the booking provider (Shiprocket or the development one); every tracking event the courier sent
 * (once each, with what it did to the order); the shoppers' answers to a failed delivery attempt
 * (NDR) as sent to the courier; and the courier's COD remittance files with their lines. Money in
 * integer paise.
 *
 * A shipment row is the claim: booking inserts it (or takes a failed one back) before any call
 * to the provider, so two staff members or two instances book an order once; the provider's
 * order and shipment ids are kept the moment they exist, so a retry after a failed step goes on
 * from there instead of creating a second order. Label and manifest PDFs live in the file store
 * (keys `shipments/<uuid>.pdf`), served to staff only.
 */
import type { ShipmentStatus } from '@vastra/contracts';
import { SHIPMENT_STATUSES } from '@vastra/contracts';
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

export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The booking provider: `shiprocket` or `builtin`. */
    provider: text('provider').notNull(),
    status: text('status', { enum: SHIPMENT_STATUSES }).$type<ShipmentStatus>().notNull().default('booking'),
    /** The provider's order id and shipment id (Shiprocket's numbers, as text). */
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    courierId: integer('courier_id'),
    courierName: text('courier_name'),
    awb: text('awb'),
    trackingUrl: text('tracking_url'),
    /** File store keys of the latest label and manifest PDFs holding this shipment. */
    labelFile: text('label_file'),
    manifestFile: text('manifest_file'),
    /** The pickup's day and time as the provider gave it (India time, "2026-11-29 11:00:00"), and its reference. */
    pickupScheduledFor: text('pickup_scheduled_for'),
    pickupToken: text('pickup_token'),
    /** The failed step's reason, cleared when a later step succeeds. */
    lastError: text('last_error'),
    /** When the current booking attempt claimed the row: a claim older than a few minutes may be taken over. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_order_unique').on(t.orderId),
    index('shipments_label_file_idx').on(t.labelFile),
    index('shipments_manifest_file_idx').on(t.manifestFile),
  ],
);
export type ShipmentRow = typeof shipments.$inferSelect;
