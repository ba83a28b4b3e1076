/**
 * Tracking from the order itself: its timeline (every status change with its time) and the
 * shipment the operator recorded when shipping it (courier, AWB, tracking link, expected
 * delivery). Used when SHIPPING_PROVIDER=builtin, and by Shiprocket before an AWB exists.
 */
import { ORDER_STATUS_LABELS, type Order, type Tracking } from '@vastra/contracts';
import type { ShippingTracker } from './provider';

export class BuiltinTracker implements ShippingTracker {
  /** The order's shipment and timeline, oldest event first; never fails. */
  async track(order: Order): Promise<Tracking> {
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      provider: 'builtin',
      courier: order.shipment?.courier ?? null,
      awb: order.shipment?.awb ?? null,
      currentStatus: order.statusLabel,
      orderStatus: order.status,
      estimatedDelivery: order.shipment?.estimatedDelivery ?? null,
      trackingUrl: order.shipment?.trackingUrl ?? null,
      events: order.timeline.map((event) => ({
        at: event.at,
        status: event.note ? `${ORDER_STATUS_LABELS[event.status]}: ${event.note}` : ORDER_STATUS_LABELS[event.status],
        location: null,
      })),
    };
  }
}
