/**
 * The orders module's factory (lib/module.ts): placing, reading and moving orders, their mails
 * and the release of unpaid ones (jobs.ts), the shopper's routes and the order's shipment
 * tracking. It subscribes to the payments module (lib/events.ts): `payment.settled` places or
 * releases the order inside the payment's transaction; `refund.changed` tells the shopper their
 * money went out (a failed refund is logged for the store to retry).
 */
import type { ApiModule } from '../../lib/module';
import type { LimitGuard } from '../../plugins/rate-limit';
import { shippingRoutes, type ShippingTracker } from '../shipping';
import { AdminOrderQueries } from './admin-queries';
import { CourierOrderQueries } from './courier-queries';
import { ordersJobs } from './jobs';
import { ordersRoutes } from './routes';
import { OrdersService } from './service';
import type { OrdersDeps } from './types';

export function createOrdersModule(
  deps: OrdersDeps & {
    /** Order attempts (POST /orders) allowed an hour per account and per client address. */
    attemptsPerHour: { account: number; address: number };
    /** The one budget of code lookups (the coupons module's). */
    codeLookups: LimitGuard;
    tracker: ShippingTracker;
    /** What the shopper's routes check an order against (CHECKOUT settings). */
    checkout: {
      codEnabled: boolean;
      codMaxPaise: number;
      pricesIncludeGst: boolean;
      storeState: string;
      paymentTimeoutMs: number;
    };
  },
): { orders: OrdersService; orderQueries: AdminOrderQueries; courierQueries: CourierOrderQueries; module: ApiModule } {
  const { attemptsPerHour, codeLookups, tracker, checkout, ...ordersDeps } = deps;
  const { events, log } = deps;
  const orders = new OrdersService(ordersDeps);
  events.on('payment.settled', 'orders: place or release the order', async (settled) => {
    const work = await orders.applyPaymentStatus(settled.db, settled.orderId, settled.status, settled.source);
    if (work) settled.afterCommit(work);
  });
  events.on('refund.changed', 'orders: mail the refund, or log a failed one', async (refund) => {
    if (refund.status === 'completed') await orders.notify(refund.orderId, 'refund_completed');
    else log.error({ refundId: refund.refundId, orderId: refund.orderId }, 'refund failed at the gateway; retry it');
  });
  return {
    orders,
    orderQueries: new AdminOrderQueries(deps.db),
    courierQueries: new CourierOrderQueries(deps.db),
    module: {
      name: 'orders',
      jobs: ordersJobs(orders, log),
      routes: async (app) => {
        await app.register(ordersRoutes, { orders, options: checkout, attemptsPerHour, codeLookups });
        await app.register(shippingRoutes, { orders, tracker });
      },
    },
  };
}
