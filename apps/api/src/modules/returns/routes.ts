/**
 * Shopper routes of returns (behaviour.md §7 Orders): ask for a full or partial return of a delivered
 * order (multipart, with photos or a video), list the orders with returns and every return,
 * and read an uploaded file. Every call needs a session; someone else's order, return or file
 * is 404. Paths sit under /orders beside the orders module's; the static ones win over
 * /orders/:id.
 */
import {
  ORDER_MESSAGES,
  envelope,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  returnRequestSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { isUuid } from '../../lib/ids';
import { principalOf } from '../../plugins/authenticate';
import type { ReturnsService } from './service';
import type { OrdersPort } from './types';
import { readReturnForm } from './return-form';

const tags = ['returns'];
const errors = errorResponses(400, 401, 403, 404, 409, 413);
const orderParams = z.object({ id: z.string() });

/** A malformed id can't be anyone's: the same 404 as someone else's. */
function uuidOr404(id: string, message: string): string {
  if (!isUuid(id)) throw new NotFoundError(message);
  return id;
}

export const returnsRoutes: FastifyPluginAsyncZod<{
  returns: ReturnsService;
  orders: Pick<OrdersPort, 'getById'>;
}> = async (app, { returns, orders }) => {
  app.addHook('onRequest', app.requireUser);

  for (const partial of [false, true]) {
    app.post(
      partial ? '/orders/:id/partial-return' : '/orders/:id/return',
      {
        schema: {
          tags,
          summary: partial
            ? 'Return some items of a delivered order: reason, comment, items (JSON [{orderItemId, quantity}]), up to 5 files'
            : 'Return every returnable item of a delivered order: reason, comment, up to 5 photos or videos',
          consumes: ['multipart/form-data'],
          params: orderParams,
          response: {
            201: envelope(z.object({ returnRequest: returnRequestSchema, order: orderSchema })),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const orderId = uuidOr404(request.params.id, ORDER_MESSAGES.notFound);
        const input = await readReturnForm(request, partial);
        const returnRequest = await returns.request(principalOf(request).userId, orderId, input);
        const order = await orders.getById(orderId);
        return reply.code(201).send(ok({ returnRequest, order }, ORDER_MESSAGES.returnRequested));
      },
    );
  }

  app.get(
    '/orders/returns',
    {
      schema: {
        tags,
        summary: "A page of the shopper's orders that have return requests, latest return first",
        querystring: orderListQuerySchema,
        response: { 200: envelope(orderPageSchema), ...errors },
      },
    },
    async (request) =>
      ok(await returns.ordersWithReturns(principalOf(request).userId, request.query.page, request.query.limit)),
  );

  app.get(
    '/orders/returns/all',
    {
      schema: {
        tags,
        summary: "A page of the shopper's return requests with their items, newest first",
        querystring: orderListQuerySchema,
        response: {
          200: envelope(z.object({ returns: z.array(returnRequestSchema), meta: orderPageSchema.shape.meta })),
          ...errors,
        },
      },
    },
    async (request) => ok(await returns.listOwn(principalOf(request).userId, request.query.page, request.query.limit)),
  );

  app.get(
    '/orders/returns/files/:fileId',
    {
      schema: {
        tags,
        summary: 'A photo or video sent with one of the shopper’s returns',
        params: z.object({ fileId: z.string() }),
        response: {
          200: {
            description: 'The photo or video bytes',
            content: { '*/*': { schema: z.instanceof(Buffer).meta({ type: 'string', format: 'binary' }) } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const fileId = uuidOr404(request.params.fileId, ORDER_MESSAGES.returnNotFound);
      const file = await returns.file(principalOf(request).userId, fileId);
      return (
        reply
          .header('content-type', file.contentType)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          // Uploaded bytes opened as a page of their own may run nothing.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .send(file.body)
      );
    },
  );
};
