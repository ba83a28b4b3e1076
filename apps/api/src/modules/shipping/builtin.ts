/**
 * Tracking from the order itself: its timeline (every status change with its time) and the
 * shipment the operator recorded when shipping it (courier, AWB, tracking link, expected
 * delivery). Used when SHIPPING_PROVIDER=builtin, and by Shiprocket before an AWB exists.
 */
import type { Order, OrderStatus, Tracking } from '@vastra/contracts';
import type { ShippingTracker } from './provider';

/** The status words the shopper reads. */
export const STATUS_WORDS: Record<OrderStatus, string> = {
  pending_payment: 'Waiting for payment',
  payment_failed: 'Payment failed',
  placed: 'Order placed',
  confirmed: 'Order confirmed',
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

export class BuiltinTracker implements ShippingTracker {
  /** The order's shipment and timeline, oldest event first; never fails. */
  async track(order: Order): Promise<Tracking> {
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      provider: 'builtin',
      courier: order.shipment?.courier ?? null,
      awb: order.shipment?.awb ?? null,
      currentStatus: STATUS_WORDS[order.status],
      orderStatus: order.status,
      estimatedDelivery: order.shipment?.estimatedDelivery ?? null,
      trackingUrl: order.shipment?.trackingUrl ?? null,
      events: order.timeline.map((event) => ({
        at: event.at,
        status: event.note ? `${STATUS_WORDS[event.status]}: ${event.note}` : STATUS_WORDS[event.status],
        location: null,
      })),
    };
  }
}
