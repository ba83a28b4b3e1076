/**
 * The delivery promise (docs/shopper-features.md "Delivery by pincode"): GET
 * /shipping/delivery-estimate?pincode=… for anyone (rate-limited per client IP like the pincode
 * lookup), and the store's zone table under /admin/api/delivery-settings (read and changed by
 * the owner: `settings.write`; every change audited).
 */
import {
  ADMIN_API_PREFIX,
  AUTH_MESSAGES,
  deliveryEstimateQuerySchema,
  deliveryEstimateSchema,
  deliverySettingsSchema,
  envelope,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../lib/http';
import { createLimitGuard } from '../../plugins/rate-limit';
import type { DeliveryService } from './delivery';

/** Estimates per client IP: plenty for a person trying pincodes, too few to walk the directory. */
export const DELIVERY_ESTIMATE_LIMIT = { max: 60, timeWindow: 60_000 };

const P = `${ADMIN_API_PREFIX}/delivery-settings`;

export const deliveryRoutes: FastifyPluginAsyncZod<{ delivery: DeliveryService }> = async (app, { delivery }) => {
  const limit = createLimitGuard(
    app,
    'shipping:delivery-estimate',
    { ip: DELIVERY_ESTIMATE_LIMIT },
    AUTH_MESSAGES.tooManyRequests,
  );

  app.get(
    '/shipping/delivery-estimate',
    {
      onRequest: limit,
      schema: {
        tags: ['addresses'],
        summary: 'When a parcel to this pincode should arrive (India time) and whether cash on delivery is offered',
        querystring: deliveryEstimateQuerySchema,
        response: { 200: envelope(deliveryEstimateSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => ok(await delivery.estimate(request.query.pincode)),
  );

  app.get(
    P,
    {
      onRequest: app.requireStaff('settings.write'),
      schema: {
        tags: ['admin'],
        summary: 'The delivery zone table: days per zone and where cash on delivery is not offered',
        response: { 200: envelope(deliverySettingsSchema), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await delivery.settings()),
  );

  app.put(
    P,
    {
      onRequest: app.requireStaff('settings.write'),
      config: {
        audit: {
          action: 'delivery-settings.update',
          entity: 'settings',
          id: () => 'delivery',
          read: () => delivery.settings(),
        },
      },
      schema: {
        tags: ['admin'],
        summary: 'Replace the delivery zone table; the next estimate and order use it',
        body: deliverySettingsSchema,
        response: { 200: envelope(deliverySettingsSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await delivery.updateSettings(request.body)),
  );
};
