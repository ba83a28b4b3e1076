/**
 * The admin's shipping operations (docs/admin.md "Booking shipments"; behaviour.md "Shipping
 * operations: booking"): book the selected orders with a courier, one PDF of their labels or
 * manifest, the pickup, marking them shipped, an order's shipment, and the PDFs themselves.
 * Owner and staff (`orders.write`) only, the documents too; every write is audited.
 */
import {
  ADMIN_API_PREFIX,
  adminShipmentSchema,
  envelope,
  shipmentDocumentSchema,
  shipmentOrdersBodySchema,
  shipmentResultSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { ShipmentBooking } from './booking';
import type { ShipmentOperations } from './shipment-ops';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/shipments`;
const results = envelope(z.object({ results: z.array(shipmentResultSchema) }));
/** The operator's actor on the order timeline (orders' TransitionInput.actor). */
const ACTOR = 'operator';

export const bookingRoutes: FastifyPluginAsyncZod<{
  booking: ShipmentBooking;
  operations: ShipmentOperations;
}> = async (app, { booking, operations }) => {
  app.post(
    `${P}/book`,
    {
      onRequest: app.requireStaff('orders.write'),
      config: { audit: { action: 'shipment.book', entity: 'order' } },
      schema: {
        tags,
        summary:
          'Book the selected orders with a courier (the preferred one when it serves the pincode, else the cheapest)',
        body: shipmentOrdersBodySchema,
        response: { 200: results, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok({ results: await booking.bookMany(request.body.ids, ACTOR) }),
  );

  for (const [kind, summary] of [
    ['labels', 'One PDF of the labels of the selected orders’ booked shipments'],
    ['manifest', 'One PDF of the manifest of the selected orders’ booked shipments'],
  ] as const) {
    app.post(
      `${P}/${kind}`,
      {
        onRequest: app.requireStaff('orders.write'),
        config: { audit: { action: `shipment.${kind}`, entity: 'order' } },
        schema: {
          tags,
          summary,
          body: shipmentOrdersBodySchema,
          response: { 200: envelope(shipmentDocumentSchema), ...errorResponses(400, 401, 403, 503) },
        },
      },
      async (request) => ok(await operations[kind](request.body.ids)),
    );
  }

  app.post(
    `${P}/pickup`,
    {
      onRequest: app.requireStaff('orders.write'),
      config: { audit: { action: 'shipment.pickup', entity: 'order' } },
      schema: {
        tags,
        summary: 'Ask the courier service to collect the selected orders’ booked shipments',
        body: shipmentOrdersBodySchema,
        response: { 200: results, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => ok({ results: await operations.schedulePickup(request.body.ids) }),
  );

  app.post(
    `${P}/ship`,
    {
      onRequest: app.requireStaff('orders.write'),
      config: { audit: { action: 'shipment.ship', entity: 'order' } },
      schema: {
        tags,
        summary: 'Mark the selected orders’ booked parcels shipped after the pickup (mails and messages follow)',
        body: shipmentOrdersBodySchema,
        response: { 200: results, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok({ results: await operations.markShipped(request.body.ids) }),
  );

  app.get(
    `${ADMIN_API_PREFIX}/orders/:id/shipment`,
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        tags,
        summary: 'The order’s shipment (null before any booking)',
        params: z.object({ id: z.uuid() }),
        response: { 200: envelope(adminShipmentSchema.nullable()), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await operations.ofOrder(request.params.id)),
  );

  app.get(
    `${P}/documents/:id`,
    {
      onRequest: app.requireStaff('orders.write'),
      schema: { tags, summary: 'A labels or manifest PDF', params: z.object({ id: z.string().max(64) }) },
    },
    async (request, reply) =>
      reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="shipping-${request.params.id.slice(0, 8)}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(await operations.file(request.params.id)),
  );
};
