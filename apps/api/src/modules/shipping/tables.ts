/**
 * Tables of the shipping module (behaviour.md "Shipping operations: booking"): one shipment per
 * order, booked with a courier through the booking provider (Shiprocket or the development
 * one). The row is the claim: booking inserts it (or takes a failed one back) before any call
 * to the provider, so two staff members or two instances book an order once; the provider's
 * order and shipment ids are kept the moment they exist, so a retry after a failed step goes on
 * from there instead of creating a second order. Label and manifest PDFs live in the file store
 * (keys `shipments/<uuid>.pdf`), served to staff only.
 */
import type { ShipmentStatus } from '@vastra/contracts';
import { SHIPMENT_STATUSES } from '@vastra/contracts';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orders } from '../orders/tables';

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
