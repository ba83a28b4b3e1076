/**
 * The courier's updates through HTTP (docs/behaviour.md "Courier updates: NDR and RTO", "COD
 * remittance"): Shiprocket's tracking webhook under two paths (its panel refuses URLs that
 * contain "shiprocket"), checked by the `x-api-key` token before the body is read; the shopper's
 * courier events and answer to a failed delivery attempt (a session: 401 first; someone else's
 * order 404; cookie writes only from the storefront's origin); and the admin's NDR list, courier
 * events of an order and COD remittance (uploads audited).
 */
import { timingSafeEqual } from 'node:crypto';
import {
  ADMIN_API_PREFIX,
  COURIER_MESSAGES,
  COURIER_PATHS,
  REMITTANCE_CSV_MAX_CHARS,
  adminNdrRowSchema,
  courierEventSchema,
  deliveryUpdatesSchema,
  envelope,
  ndrAnswerSchema,
  ndrRequestBodySchema,
  remittanceQuerySchema,
  remittanceReportSchema,
  remittanceUploadBodySchema,
  remittanceUploadResultSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { staffOf } from '../../plugins/admin-auth';
import { principalOf } from '../../plugins/authenticate';
import type { CourierEventsService } from './courier-events';
import type { NdrService } from './ndr';
import type { RemittanceService } from './remittance';
import { shiprocketWebhookSchema } from './shiprocket-events';

const orderParams = z.object({ id: z.string().max(64) });

/** Whether `given` is the configured token, compared in constant time; never with no token configured. */
export function isWebhookToken(given: unknown, token: string | null): boolean {
  if (!token || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const courierRoutes: FastifyPluginAsyncZod<{
  events: CourierEventsService;
  ndr: NdrService;
  remittance: RemittanceService;
  /** SHIPROCKET_WEBHOOK_TOKEN; null refuses every webhook. */
  webhookToken: string | null;
}> = async (app, { events, ndr, remittance, webhookToken }) => {
  for (const url of [COURIER_PATHS.webhook, COURIER_PATHS.webhookAlias]) {
    app.post(
      url,
      {
        // Before the body is read: a caller without the token learns nothing and changes nothing.
        onRequest: async (request) => {
          if (!isWebhookToken(request.headers['x-api-key'], webhookToken)) {
            throw new UnauthorizedError(COURIER_MESSAGES.webhookTokenInvalid);
          }
        },
        schema: {
          tags: ['shipping'],
          summary:
            "Shiprocket's tracking webhook (x-api-key): stores the event once and moves the order of its AWB forward",
          body: shiprocketWebhookSchema,
          response: {
            200: envelope(z.object({ stored: z.boolean(), applied: z.boolean(), orderStatus: z.string().nullable() })),
            ...errorResponses(400, 401),
          },
        },
      },
      async (request) => ok(await events.ingest(request.body)),
    );
  }

  app.get(
    '/orders/:id/delivery-updates',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "The courier's events of the caller's order, and a failed delivery attempt they may answer",
        params: orderParams,
        response: { 200: envelope(deliveryUpdatesSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ok(await ndr.updates(principalOf(request).userId, request.params.id)),
  );

  app.post(
    '/orders/:id/ndr',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          'Answer a failed delivery attempt: a new attempt, optionally on one of the next 3 days and/or at another phone number',
        params: orderParams,
        body: ndrRequestBodySchema,
        response: { 200: envelope(ndrAnswerSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const answer = await ndr.answer(principalOf(request).userId, request.params.id, request.body);
      return ok(answer, answer.status === 'sent' ? COURIER_MESSAGES.ndrSent : COURIER_MESSAGES.ndrFailed);
    },
  );

  const P = ADMIN_API_PREFIX;
  app.get(
    `${P}/ndr`,
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        tags: ['admin'],
        summary:
          'Orders waiting after a failed delivery attempt (NDR): the reason, the attempts and the shopper’s answer',
        response: { 200: envelope(z.array(adminNdrRowSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await ndr.adminList()),
  );

  app.get(
    `${P}/orders/:id/courier-events`,
    {
      onRequest: app.requireStaff('orders.read'),
      schema: {
        tags: ['admin'],
        summary: "The courier's events of an order, oldest first",
        params: orderParams,
        response: { 200: envelope(z.array(courierEventSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await events.timeline(request.params.id)),
  );

  app.get(
    `${P}/cod-remittance`,
    {
      onRequest: app.requireStaff('remittance.read'),
      schema: {
        tags: ['admin'],
        summary: 'Cash of delivered COD orders: owed, received, short, unknown AWB, missing; totals and uploaded files',
        querystring: remittanceQuerySchema,
        response: { 200: envelope(remittanceReportSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await remittance.report(request.query.missingAfterDays)),
  );

  app.post(
    `${P}/cod-remittance/uploads`,
    {
      onRequest: app.requireStaff('remittance.write'),
      bodyLimit: REMITTANCE_CSV_MAX_CHARS * 2,
      config: { audit: { action: 'cod-remittance.upload', entity: 'cod_remittance_batch' } },
      schema: {
        tags: ['admin'],
        summary: "Upload Shiprocket's COD remittance CSV; the same file twice counts once",
        body: remittanceUploadBodySchema,
        response: { 200: envelope(remittanceUploadResultSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const result = await remittance.upload({ ...request.body, actor: staffOf(request).email });
      return ok(result, result.duplicate ? COURIER_MESSAGES.remittanceDuplicate : COURIER_MESSAGES.remittanceUploaded);
    },
  );
};
