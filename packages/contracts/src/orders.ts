/**
 * Shapes of what happens after the purchase (behaviour.md §3 Order returnRequest and shipping tracking,
 * behaviour.md §4, §7 Orders): the order timeline, its shipment, refunds, cancellation, return requests
 * (full and partial, with photos or a video) and tracking. Money in rupees (at most two
 * decimals); the API works in paise and converts at its edge.
 */
import { z } from 'zod';
import { ORDER_MESSAGES } from './messages';

/**
 * Order status. `pending_payment` waits for an online payment; `payment_failed` is an order
 * whose payment failed or expired (its stock and gift card hold are released). The rest is
 * the lifecycle of behaviour.md §3/§4 (placed → … → delivered; cancelled; returns).
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'payment_failed',
  'placed',
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'return_requested',
  'return_approved',
  'return_rejected',
  'picked_up',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How each order status reads to a shopper (order pages, tracking). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_rejected: 'Return rejected',
  picked_up: 'Return picked up',
  refunded: 'Refunded',
};

/** How a refunded order reads when only some of its pieces were returned. */
export const PARTLY_REFUNDED_LABEL = 'Partly returned and refunded';

/**
 * An order's status in words (order pages, admin, tracking): ORDER_STATUS_LABELS, except that
 * a refunded order of which only some pieces came back is "Partly returned and refunded".
 * `lines`: each line's pieces and the pieces returned and refunded.
 */
export function orderStatusText(status: OrderStatus, lines: { quantity: number; returnedQuantity: number }[]): string {
  const partly = lines.some((l) => l.returnedQuantity < l.quantity) && lines.some((l) => l.returnedQuantity > 0);
  return status === 'refunded' && partly ? PARTLY_REFUNDED_LABEL : ORDER_STATUS_LABELS[status];
}

/** Why a shopper returns something (the return form's reason codes). */
export const RETURN_REASONS = ['size', 'fit', 'colour', 'damaged', 'not_as_shown', 'other'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
/** How each reason reads to a shopper. */
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  size: 'Wrong size',
  fit: 'Does not fit well',
  colour: 'Colour is different',
  damaged: 'Damaged or defective',
  not_as_shown: 'Not as shown',
  other: 'Other',
};
/**
 * Whether a returned piece goes back in stock unless the store says otherwise at pickup: not
 * when it came back damaged or defective (docs/admin.md "Returns").
 */
export function restockedByDefault(reason: ReturnReason): boolean {
  return reason !== 'damaged';
}
/** behaviour.md §3 returnRequest.status. */
export const RETURN_STATUSES = ['requested', 'approved', 'rejected', 'picked_up', 'refunded'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** How each return status reads to a shopper. */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  picked_up: 'Picked up',
  refunded: 'Refunded',
};

/** Refund states: pending (asked of the gateway), completed, failed (retried by the operator). */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Where refunded money goes: back through the gateway, onto the gift card, or paid by the store by hand (COD). */
export const REFUND_METHODS = ['gateway', 'gift_card', 'manual'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];

/** Days after delivery within which a return may be requested (config RETURN_WINDOW_DAYS). */
export const DEFAULT_RETURN_WINDOW_DAYS = 7;
/** Most files one return request may carry (photos, or one short video among them). */
export const MAX_RETURN_FILES = 5;
/** Largest upload of a return request, in bytes (413 beyond). */
export const MAX_RETURN_FILE_BYTES = 5 * 1024 * 1024;
/** Types a return upload may really be (sniffed from its bytes). */
export const RETURN_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'video/webm'] as const;
/** Longest cancel reason and return comment, in characters. */
export const MAX_REASON_LENGTH = 500;

/** One step of the timeline: the status reached, when, by whom, and a note. */
export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  /** shopper, system, operator, or the gateway (sandbox, phonepe…). */
  actor: z.string(),
  note: z.string().nullable(),
  at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

/**
 * Whether `value` is an absolute http:// or https:// URL: the only kind of link shown to
 * shoppers (a `javascript:` or `data:` link would run in their browser when followed).
 */
export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

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
  /** Of refundAmount: back to the gift card, and through the gateway (or by hand for COD). */
  giftCardRefundAmount: z.number(),
  gatewayRefundAmount: z.number(),
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
