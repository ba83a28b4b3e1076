/**
 * Routes of exchanges (behaviour.md "Exchanges"). The shopper's, under /orders beside the orders
 * module's (a session each; someone else's order, exchange or photo is 404): the sizes a line
 * may be exchanged for, ask for an exchange (multipart, with photos), the order's exchanges, a
 * photo. The store's, under /admin/api/exchanges (docs/admin.md "Exchanges"): the queue for
 * every role (`returns.read`), the steps for those who handle returns (`returns.write`), each
 * step audited.
 */
import {
  ADMIN_API_PREFIX,
  EXCHANGE_MESSAGES,
  EXCHANGE_STATUSES,
  EXCHANGE_STEPS,
  ORDER_MESSAGES,
  adminPageQuerySchema,
  envelope,
  exchangeOptionSchema,
  exchangeRequestSchema,
  pageOf,
  type ExchangeStep,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { isUuid } from '../../lib/ids';
import { principalOf } from '../../plugins/authenticate';
import { staffOf } from '../../plugins/admin-auth';
import type { ExchangesAdmin } from './admin';
import { readExchangeForm } from './exchange-form';
import type { ExchangesService } from './service';

const tags = ['exchanges'];
const errors = errorResponses(400, 401, 403, 404, 409, 413);

/** A malformed id can't be anyone's: the same 404 as someone else's. */
function uuidOr404(id: string, message: string): string {
  if (!isUuid(id)) throw new NotFoundError(message);
  return id;
}

const binary = {
  description: 'The photo or video bytes',
  content: { '*/*': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
};

export const exchangesRoutes: FastifyPluginAsyncZod<{ exchanges: ExchangesService }> = async (app, { exchanges }) => {
  app.addHook('onRequest', app.requireUser);
  const params = z.object({ id: z.string() });

  app.get(
    '/orders/:id/exchange-options',
    {
      schema: {
        tags,
        summary: 'The other sizes and colours a delivered line may be exchanged for, with stock and price difference',
        params,
        querystring: z.object({ orderItemId: z.uuid(EXCHANGE_MESSAGES.lineUnknown) }),
        response: { 200: envelope(z.object({ options: z.array(exchangeOptionSchema) })), ...errors },
      },
    },
    async (request) => {
      const orderId = uuidOr404(request.params.id, ORDER_MESSAGES.notFound);
      const options = await exchanges.options(principalOf(request).userId, orderId, request.query.orderItemId);
      return ok({ options });
    },
  );

  app.post(
    '/orders/:id/exchange',
    {
      schema: {
        tags,
        summary: 'Exchange a delivered line for another size or colour: orderItemId, variantId, reason, comment, files',
        consumes: ['multipart/form-data'],
        params,
        response: { 201: envelope(z.object({ exchange: exchangeRequestSchema })), ...errors },
      },
    },
    async (request, reply) => {
      const orderId = uuidOr404(request.params.id, ORDER_MESSAGES.notFound);
      const input = await readExchangeForm(request);
      const exchange = await exchanges.request(principalOf(request).userId, orderId, input);
      return reply.code(201).send(ok({ exchange }, EXCHANGE_MESSAGES.requested));
    },
  );

  app.get(
    '/orders/:id/exchanges',
    {
      schema: {
        tags,
        summary: 'The exchanges of one of the shopper’s orders, newest first',
        params,
        response: { 200: envelope(z.object({ exchanges: z.array(exchangeRequestSchema) })), ...errors },
      },
    },
    async (request) => {
      const orderId = uuidOr404(request.params.id, ORDER_MESSAGES.notFound);
      return ok({ exchanges: await exchanges.ofOrder(principalOf(request).userId, orderId) });
    },
  );

  app.get(
    '/orders/exchanges/files/:fileId',
    {
      schema: {
        tags,
        summary: 'A photo or video sent with one of the shopper’s exchanges',
        params: z.object({ fileId: z.string() }),
        response: { 200: binary, ...errors },
      },
    },
    async (request, reply) => {
      const fileId = uuidOr404(request.params.fileId, EXCHANGE_MESSAGES.notFound);
      const file = await exchanges.file(principalOf(request).userId, fileId);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.body);
    },
  );
};

const note = z.string().trim().max(500).optional();
/** Each step's body: a rejection says why, a shipment names its courier and AWB, a pickup may refuse the restock. */
const STEP_BODIES: Record<
  ExchangeStep,
  z.ZodType<{ note?: string; courier?: string; awb?: string; restock?: boolean }>
> = {
  approve: z.object({ note }),
  reject: z.object({ note: z.string().trim().min(1, EXCHANGE_MESSAGES.rejectNoteRequired).max(500) }),
  pickup: z.object({ note, restock: z.boolean().optional() }),
  'pickup-failed': z.object({ note }),
  ship: z.object({
    note,
    courier: z.string().trim().min(1, EXCHANGE_MESSAGES.shipmentRequired).max(100),
    awb: z.string().trim().min(1, EXCHANGE_MESSAGES.shipmentRequired).max(100),
  }),
  deliver: z.object({ note }),
};

export const exchangesAdminRoutes: FastifyPluginAsyncZod<{
  exchanges: ExchangesService;
  exchangesAdmin: ExchangesAdmin;
}> = async (app, { exchanges, exchangesAdmin }) => {
  const P = `${ADMIN_API_PREFIX}/exchanges`;
  const idParams = z.object({ id: z.uuid(EXCHANGE_MESSAGES.notFound) });

  app.get(
    P,
    {
      onRequest: app.requireStaff('returns.read'),
      schema: {
        tags: ['admin'],
        summary: 'Exchanges: asked-for first, then under way, then settled; newest first within each',
        querystring: adminPageQuerySchema.extend({
          status: z
            .string()
            .optional()
            .transform((v) => (v ? v.split(',') : undefined))
            .pipe(z.array(z.enum(EXCHANGE_STATUSES)).optional()),
        }),
        response: { 200: envelope(pageOf(exchangeRequestSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await exchangesAdmin.queue(request.query)),
  );

  app.get(
    `${P}/files/:id`,
    {
      onRequest: app.requireStaff('returns.read'),
      schema: { tags: ['admin'], summary: 'A photo or video the shopper sent with an exchange', params: idParams },
    },
    async (request, reply) => {
      const file = await exchanges.file(null, request.params.id);
      return reply
        .header('content-type', file.contentType)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  for (const step of Object.keys(EXCHANGE_STEPS) as ExchangeStep[]) {
    app.post(
      `${P}/:id/${step}`,
      {
        onRequest: app.requireStaff('returns.write'),
        config: {
          audit: {
            action: `exchange.${step}`,
            entity: 'exchange',
            id: (r) => (r.params as { id: string }).id,
            read: (id) => exchanges.getById(id),
          },
        },
        schema: {
          tags: ['admin'],
          summary: `Exchange step: ${step} (${EXCHANGE_STEPS[step].from} → ${EXCHANGE_STEPS[step].to})`,
          params: idParams,
          body: STEP_BODIES[step],
          response: {
            200: envelope(z.object({ exchange: exchangeRequestSchema })),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        ok({
          exchange: await exchanges.step(request.params.id, step, {
            note: request.body.note ?? null,
            courier: request.body.courier,
            awb: request.body.awb,
            restock: request.body.restock,
            actor: staffOf(request).email,
          }),
        }),
    );
  }
};
