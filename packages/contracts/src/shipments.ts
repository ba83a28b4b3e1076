/**
 * Booking shipments from the admin (behaviour.md "Shipping operations: booking"): the booking of
 * an order with a courier (Shiprocket, or the development provider), the result per order of a
 * bulk action, and the messages the admin shows word for word.
 */
import { z } from 'zod';

/**
 * `cancelling`: the order was cancelled and the provider's order is being cancelled (retried
 * while the provider fails, the reason in lastError); `cancelled`: the provider cancelled it.
 */
export const SHIPMENT_STATUSES = [
  'booking',
  'failed',
  'booked',
  'pickup_scheduled',
  'shipped',
  'cancelling',
  'cancelled',
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

/** The order statuses an order may be booked from (paid online, or cash on delivery). */
export const BOOKABLE_ORDER_STATUSES = ['placed', 'confirmed', 'packed'] as const;

export const SHIPMENT_MESSAGES = {
  notBookable: 'Only placed, confirmed or packed orders can be booked.',
  unpaid: 'The order is not paid yet.',
  unserviceable: 'No courier serves this pincode.',
  inProgress: 'This order is being booked already; try again in a minute.',
  notBooked: 'Book the shipment first.',
  providerFailed: 'The courier service did not answer; nothing was booked. Try again.',
  serviceFailed: 'The courier service did not answer. Try again.',
  cancelRetrying: 'The courier service did not answer; the cancellation is tried again.',
  documentNotFound: 'Document not found',
  noneBooked: 'None of the selected orders has a booked shipment.',
} as const;

/** An order's shipment as the admin shows it. */
export const adminShipmentSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  provider: z.string(),
  status: z.enum(SHIPMENT_STATUSES),
  providerOrderId: z.string().nullable(),
  providerShipmentId: z.string().nullable(),
  courierId: z.number().nullable(),
  courierName: z.string().nullable(),
  awb: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** Where the label and manifest PDFs download (admin API paths), or null before they are made. */
  labelUrl: z.string().nullable(),
  manifestUrl: z.string().nullable(),
  /** The pickup's day and time as the courier service gave it (India time), and its reference. */
  pickupScheduledFor: z.string().nullable(),
  pickupToken: z.string().nullable(),
  /** What went wrong in the last step that failed, or null. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminShipment = z.infer<typeof adminShipmentSchema>;

/** The orders a bulk shipping action applies to. */
export const shipmentOrdersBodySchema = z.object({ ids: z.array(z.uuid()).min(1).max(100) });

/** One order's outcome of a bulk shipping action. */
export const shipmentResultSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string().nullable(),
  ok: z.boolean(),
  /** On success, the AWB and courier; on failure, why (a sentence for the owner). */
  awb: z.string().nullable(),
  courierName: z.string().nullable(),
  message: z.string().nullable(),
});
export type ShipmentResult = z.infer<typeof shipmentResultSchema>;

/** A PDF made for several shipments (labels or manifest): its download path and which orders it covers. */
export const shipmentDocumentSchema = z.object({
  url: z.string(),
  orderIds: z.array(z.string()),
  skipped: z.array(shipmentResultSchema),
});
export type ShipmentDocument = z.infer<typeof shipmentDocumentSchema>;
