/**
 * Shapes of what happens after the purchase (behaviour.md §3 Order returnRequest and shipping tracking,
 * behaviour.md §4, §7 Orders): the order timeline, its shipment, refunds, cancellation, return requests
 * (full and partial, with photos or a video) and tracking. Money in rupees (at most two
 * decimals); the API works in paise and converts at its edge.
 */
import { z } from 'zod';
import { ORDER_MESSAGES } from './messages';
import {
  ORDER_STATUSES,
  RETURN_REASONS,
  RETURN_STATUSES,
  REFUND_STATUSES,
  REFUND_METHODS,
  MAX_REASON_LENGTH,
  isHttpUrl,
} from './order-constants';
import { REFUND_DESTINATIONS } from './wallet';

// The constants moved to order-constants.ts (no zod: client code may import them without it) stay importable from here.
export * from './order-constants';

/** One step of the timeline: the status reached, when, by whom, and a note. */
export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  /** shopper, system, operator, or the gateway (sandbox, phonepe…). */
  actor: z.string(),
  note: z.string().nullable(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/** `value` when it is an http(s) URL (isHttpUrl), else null. */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  return isHttpUrl(value) ? value : null;
}

/** The order's shipment once it shipped. */
export const shipmentSchema = z.object({
  courier: z.string(),
  awb: z.string(),
  trackingUrl: z.string().nullable(),
  shippedAt: z.string().nullable(),
  estimatedDelivery: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const refundSchema = z.object({
  id: z.string(),
  amount: z.number(),
  method: z.enum(REFUND_METHODS),
  status: z.enum(REFUND_STATUSES),
  /** The return it pays back, or null for a cancelled order. */
  returnRequestId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

export const returnItemSchema = z.object({
  orderItemId: z.string(),
  productId: z.string(),
  name: z.string(),
  size: z.string(),
  color: z.string(),
  image: z.string().nullable(),
  quantity: z.number(),
  /** This item's refund: the price paid after its coupon share, plus its GST. */
  refundAmount: z.number(),
  /** Whether the pieces went back in stock at pickup; null before the pickup. */
  restocked: z.boolean().nullable(),
});

export const returnFileSchema = z.object({
  id: z.string(),
  /** Served only to the order's owner (cookie or bearer). */
  url: z.string(),
  contentType: z.string(),
  size: z.number(),
});

export const returnRequestSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  kind: z.enum(['full', 'partial']),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  comment: z.string().nullable(),
  items: z.array(returnItemSchema),
  files: z.array(returnFileSchema),
  refundAmount: z.number(),
  /**
   * Of refundAmount: back to the gift card, back to the store credit the order was partly paid
   * with, and the rest (through the gateway, by hand for COD, or onto the store credit when
   * `refundTo` is `wallet`).
   */
  giftCardRefundAmount: z.number(),
  walletRefundAmount: z.number(),
  gatewayRefundAmount: z.number(),
  /** Where the rest goes: the store credit, or the way the order was paid (behaviour.md "Store credit"). */
  refundTo: z.enum(REFUND_DESTINATIONS),
  /** Why the store rejected it, or the operator's note. */
  decisionNote: z.string().nullable(),
  /** GET /orders/returns/{id}/credit-note once refunded, else null. */
  creditNoteUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReturnRequest = z.infer<typeof returnRequestSchema>;

/** POST /orders/{id}/cancel. */
export const cancelOrderBodySchema = z.object({
  reason: z.string().trim().min(1, ORDER_MESSAGES.cancelReasonRequired).max(MAX_REASON_LENGTH),
  /** Where a paid order's money goes; default the way it was paid (behaviour.md "Store credit"). */
  refundTo: z.enum(REFUND_DESTINATIONS).optional(),
});

/**
 * POST /admin/orders/{id}/cod (docs/admin.md "Cash on delivery"): the courier collected the cash
 * (`collected: true`, the order is then delivered and paid) or the buyer refused the parcel at the
 * door (`collected: false`, the order is cancelled and nothing is paid); `note` for the timeline.
 */
export const codCollectionBodySchema = z.object({
  collected: z.boolean(),
  note: z.string().trim().max(500).optional(),
});

/** Multipart text fields of POST /orders/{id}/return and /partial-return (files beside them). */
export const returnFieldsSchema = z.object({
  reason: z.enum(RETURN_REASONS, ORDER_MESSAGES.returnReasonRequired),
  comment: z.string().trim().max(MAX_REASON_LENGTH).optional(),
  /** Where the refund goes; default the store credit for cash on delivery, else the way it was paid. */
  refundTo: z.enum(REFUND_DESTINATIONS).optional(),
});
/** The `items` field of a partial return: JSON `[{ orderItemId, quantity }]`. */
export const partialReturnItemsSchema = z
  .array(z.object({ orderItemId: z.string().uuid(), quantity: z.number().int().min(1) }))
  .min(1, ORDER_MESSAGES.returnItemsRequired);

/** GET /api/shipping/track/{orderId}. */
export const trackingSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  /** Which provider answered: builtin (the order's own timeline) or shiprocket. */
  provider: z.string(),
  courier: z.string().nullable(),
  awb: z.string().nullable(),
  /** The shipment's status in words, e.g. "In transit". */
  currentStatus: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  estimatedDelivery: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  events: z.array(z.object({ at: z.string(), status: z.string(), location: z.string().nullable() })),
});
export type Tracking = z.infer<typeof trackingSchema>;
