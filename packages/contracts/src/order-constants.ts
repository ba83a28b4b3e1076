/**
 * The constants of what happens after the purchase (order and return statuses and how they
 * read, return reasons, upload limits, the one kind of link shown to shoppers), without zod:
 * the storefront's first-load views import them without the schemas of orders.ts.
 */
/**
 * Order status. `pending_payment` waits for an online payment; `payment_failed` is an order
 * whose payment failed or expired (its stock and gift card hold are released).
 * `awaiting_confirmation` is a cash on delivery order above the store's threshold, held until
 * the shopper confirms it (behaviour.md "COD confirmation"). The rest is the lifecycle of
 * behaviour.md §3/§4 (placed → … → delivered; cancelled; returns). `undelivered` is a failed
 * delivery attempt (NDR), `rto_initiated` a parcel on its way back to the store (RTO) and
 * `returned_to_seller` one back in the store (behaviour.md "Courier updates: NDR and RTO").
 */
export const ORDER_STATUSES = [
  'pending_payment',
  'payment_failed',
  'awaiting_confirmation',
  'placed',
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'undelivered',
  'rto_initiated',
  'returned_to_seller',
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
  awaiting_confirmation: 'Awaiting confirmation',
  placed: 'Placed',
  confirmed: 'Confirmed',
  packed: 'Packed',
  shipped: 'Shipped',
  out_for_delivery: 'Out for delivery',
  undelivered: 'Delivery attempt failed',
  rto_initiated: 'Returning to the seller',
  returned_to_seller: 'Returned to the seller',
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
/**
 * Where refunded money goes: back through the gateway, onto the gift card, paid by the store by
 * hand (COD), or onto the shopper's store credit (behaviour.md "Store credit").
 */
export const REFUND_METHODS = ['gateway', 'gift_card', 'manual', 'wallet'] as const;
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
