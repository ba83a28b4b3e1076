/**
 * The operator API of orders (`/ops/orders/*`, behaviour.md §10): read an order and move it
 * along its lifecycle from the store's side (confirm, pack, ship with courier and AWB, out
 * for delivery, deliver, cancel), and refresh pending refunds. `:ref` is the order's id or
 * its number (VST-001001). Every call needs the operator token (plugins/operator-auth.ts); a step
 * the lifecycle refuses answers 409 with the message. Used by `npm run ops` (src/ops.ts).
 */
import { ORDER_MESSAGES, cancelOrderBodySchema, envelope, orderSchema } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { OPERATOR_STEPS, type OrdersService } from './service';

const tags = ['operator'];
const errors = errorResponses(400, 401, 404, 409, 503);
const refParams = z.object({ ref: z.string().min(1).max(100) });
const orderEnvelope = envelope(z.object({ order: orderSchema }));

/** A store step of an order, as the operator API and the admin API take it. */
export const transitionBodySchema = z
  .object({
    to: z.enum(OPERATOR_STEPS),
    note: z.string().trim().max(500).optional(),
    courier: z.string().trim().min(1).max(100).optional(),
    awb: z.string().trim().min(1).max(100).optional(),
    // Shown to the shopper as a link: only http(s), never javascript: or data:.
    trackingUrl: z
      .url({ protocol: /^https?$/, message: ORDER_MESSAGES.trackingUrlInvalid })
      .max(500)
      .optional(),
    /** Expected delivery date, YYYY-MM-DD (or a full ISO date). */
    estimatedDelivery: z.iso.date().or(z.iso.datetime()).optional(),
  })
  .refine((b) => b.to !== 'shipped' || (b.courier && b.awb), {
    message: 'A shipment needs a courier and an AWB.',
    path: ['awb'],
  });

/** What `OrdersService.advance` takes from a step body: the note, and the shipment when shipping. */
export function stepInputOf(body: z.infer<typeof transitionBodySchema>) {
  const { to, note, courier, awb, trackingUrl, estimatedDelivery } = body;
  return {
    note: note ?? null,
    ...(to === 'shipped' && courier && awb
      ? {
          shipment: {
            courier,
            awb,
            trackingUrl: trackingUrl ?? null,
            estimatedDeliveryAt: estimatedDelivery ? new Date(estimatedDelivery) : null,
          },
        }
      : {}),
  };
}

export const operatorOrdersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  /** The payments module's refresh of pending gateway refunds. */
  refunds: { refreshPendingRefunds(): Promise<number> };
}> = async (app, { orders, refunds }) => {
  app.addHook('onRequest', app.requireOperator);

  app.get(
    '/ops/orders/:ref',
    {
      schema: {
        tags,
        summary: 'An order by id or number, with its timeline, shipment, return and refunds',
        params: refParams,
        response: { 200: orderEnvelope, ...errors },
      },
    },
    async (request) => {
      const row = await orders.findRef(request.params.ref);
      return ok({ order: await orders.getById(row.id) });
    },
  );

  app.post(
    '/ops/orders/:ref/transition',
    {
      schema: {
        tags,
        summary:
          'Move the order one store step: confirmed, packed, shipped (courier, AWB), out_for_delivery, delivered',
        params: refParams,
        body: transitionBodySchema,
        response: { 200: orderEnvelope, ...errors },
      },
    },
    async (request) => {
      const order = await orders.advance(request.params.ref, request.body.to, stepInputOf(request.body));
      return ok({ order });
    },
  );

  app.post(
    '/ops/orders/:ref/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel the order from the store side (same rules and refunds as the shopper’s cancel)',
        params: refParams,
        body: cancelOrderBodySchema,
        response: { 200: orderEnvelope, ...errors },
      },
    },
    async (request) =>
      ok({ order: await orders.cancelByOperator(request.params.ref, request.body.reason) }, ORDER_MESSAGES.cancelled),
  );

  app.post(
    '/ops/refunds/refresh',
    {
      schema: {
        tags,
        summary: 'Resubmit pending gateway refunds and read the status of accepted ones',
        response: { 200: envelope(z.object({ refunds: z.number() })), ...errors },
      },
    },
    async () => ok({ refunds: await refunds.refreshPendingRefunds() }),
  );
};
