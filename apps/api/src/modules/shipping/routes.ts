/**
 * GET /api/shipping/track/:orderId (behaviour.md §7 Orders, §10 Tracking): where the shopper's
 * order is, from the configured tracker. Needs a session (cookie or bearer); someone else's
 * order or a malformed id answers 404; a tracker that cannot be reached answers 503.
 */
import { ORDER_MESSAGES, envelope, trackingSchema, type Order } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { isUuid } from '../../lib/ids';
import { NotFoundError } from '../../lib/errors';
import { principalOf } from '../../plugins/authenticate';
import type { ShippingTracker } from './provider';

export const shippingRoutes: FastifyPluginAsyncZod<{
  /** The owner-checked public order (OrdersService.get). */
  orders: { get(userId: string, orderId: string): Promise<Order> };
  tracker: ShippingTracker;
}> = async (app, { orders, tracker }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/shipping/track/:orderId',
    {
      schema: {
        tags: ['orders'],
        summary: 'Where the order is: courier, AWB, status, expected delivery and the tracking events',
        params: z.object({ orderId: z.string() }),
        response: { 200: envelope(trackingSchema), ...errorResponses(401, 403, 404, 503) },
      },
    },
    async (request) => {
      if (!isUuid(request.params.orderId)) throw new NotFoundError(ORDER_MESSAGES.notFound);
      const order = await orders.get(principalOf(request).userId, request.params.orderId);
      return ok(await tracker.track(order));
    },
  );
};
