/**
 * The order lifecycle (behaviour.md §3 Order status, §4) as one table: which status may follow which.
 *
 *   pending_payment → placed | payment_failed | cancelled
 *   awaiting_confirmation → placed | cancelled        (cash on delivery held for the shopper's confirmation)
 *   placed → confirmed → packed → shipped → out_for_delivery → delivered
 *   placed | confirmed | packed → cancelled            (until the order ships)
 *   delivered → return_requested → return_approved → picked_up → refunded
 *   return_requested → return_rejected
 *   return_rejected | refunded → return_requested      (another partial return, within the window)
 *
 *   shipped | out_for_delivery → cancelled             (only cash on delivery refused at the door, cod.ts)
 *
 *   The courier's steps (Shiprocket's tracking webhook, behaviour.md "Courier updates: NDR and RTO"):
 *   shipped | out_for_delivery → undelivered           (a failed delivery attempt, NDR)
 *   undelivered → out_for_delivery | delivered          (a new attempt)
 *   shipped | out_for_delivery | undelivered → rto_initiated → returned_to_seller
 *
 * Every other change is refused. Services ask `canTransition` before writing; the operator
 * command and the future admin screens go through the same check.
 */
import type { OrderStatus } from '@vastra/contracts';

export const LIFECYCLE: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending_payment: ['placed', 'payment_failed', 'cancelled'],
  payment_failed: [],
  awaiting_confirmation: ['placed', 'cancelled'],
  placed: ['confirmed', 'cancelled'],
  confirmed: ['packed', 'cancelled'],
  packed: ['shipped', 'cancelled'],
  shipped: ['out_for_delivery', 'delivered', 'undelivered', 'rto_initiated'],
  out_for_delivery: ['delivered', 'undelivered', 'rto_initiated'],
  undelivered: ['out_for_delivery', 'delivered', 'rto_initiated'],
  rto_initiated: ['returned_to_seller'],
  returned_to_seller: [],
  delivered: ['return_requested'],
  cancelled: [],
  return_requested: ['return_approved', 'return_rejected'],
  return_approved: ['picked_up'],
  return_rejected: ['return_requested'],
  picked_up: ['refunded'],
  refunded: ['return_requested'],
};

/** Whether an order in `from` may move to `to`. */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return LIFECYCLE[from].includes(to);
}

/** Statuses from which the shopper may still cancel (before the order ships). */
export const CANCELLABLE: ReadonlySet<OrderStatus> = new Set(
  (Object.keys(LIFECYCLE) as OrderStatus[]).filter((s) => canTransition(s, 'cancelled')),
);

/** Statuses the order has reached by being delivered (a return may follow, within the window). */
export const DELIVERED_OR_AFTER: ReadonlySet<OrderStatus> = new Set([
  'delivered',
  'return_requested',
  'return_approved',
  'return_rejected',
  'picked_up',
  'refunded',
]);

/** Statuses after shipping: too late to cancel. */
export const SHIPPED_OR_AFTER: ReadonlySet<OrderStatus> = new Set([
  'shipped',
  'out_for_delivery',
  'undelivered',
  'rto_initiated',
  'returned_to_seller',
  ...DELIVERED_OR_AFTER,
]);

/** Statuses in which a cash on delivery parcel may be refused at the door (cancelled with `refusedAtDoor`, cod.ts). */
export const REFUSABLE_AT_DOOR: ReadonlySet<OrderStatus> = new Set(['shipped', 'out_for_delivery', 'undelivered']);

/** Statuses from which a cash on delivery order's invoice exists: the goods are packed to leave (behaviour.md §10). */
export const PACKED_OR_AFTER: ReadonlySet<OrderStatus> = new Set(['packed', ...SHIPPED_OR_AFTER]);
