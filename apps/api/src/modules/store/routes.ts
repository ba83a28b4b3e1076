/**
 * The commerce API under /store (behaviour.md §7 Commerce backend), compatible with the Medusa v2 Store
 * API so that `@medusajs/js-sdk` works against it: regions, products priced for a region,
 * running promotions (GET /store/promotion, the documented path) and carts. Every request
 * needs a publishable key in `x-publishable-api-key` (400 without, 401 unknown or revoked),
 * and errors answer in Medusa's `{ type, message }` (`./errors`). Thin: the rules live in
 * StoreService and the services beneath it.
 *
 * Every answer holds the fields `fields` selects (`./fields`; 400 for a field there is not).
 * Regions and products are the same for every shopper: their answers are kept with the
 * catalogue's (`catalog.answers`, docs/performance.md), keyed by the normalised query, and
 * dropped by the same catalogue changes. A cart's answer is kept only for requests naming its id,
 * while the cart, the catalogue and the stock are unchanged (`./kept-carts`), and never with an
 * ETag or for a shared cache.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMMERCE_MESSAGES } from '@vastra/contracts';
import { NotFoundError } from '../../lib/errors';
import { notModified, type CatalogAnswers } from '../catalog';
import { cartResource } from './cart-shape';
import { registerStoreErrorHandling, StoreApiError } from './errors';
import { project, select, selectionKey } from './fields';
import { foldBracketArrays, sendJson, sorted } from './http';
import type { KeptCarts } from './kept-carts';
import { PUBLISHABLE_KEY_HEADER, type PublishableKeyService } from './keys';
import { findRegion, regionResource, REGIONS, requestedRegion } from './region';
import { productResource } from './shapes';
import {
  addLineItemBodySchema,
  createCartBodySchema,
  fieldsQuerySchema,
  idParams,
  lineParams,
  productListQuerySchema,
  productQuerySchema,
  promotionCodesBodySchema,
  storeCartSchema,
  storeErrorSchema,
  storeProductSchema,
  storePromotionSchema,
  storeRegionSchema,
  updateCartBodySchema,
  updateLineItemBodySchema,
} from './schemas';
import type { StoreService } from './service';

const errors = {
  400: storeErrorSchema,
  401: storeErrorSchema,
  404: storeErrorSchema,
  409: storeErrorSchema,
};
const cartAnswer = z.object({ cart: storeCartSchema });
const regionsAnswer = z.object({
  regions: z.array(storeRegionSchema),
  count: z.number(),
  offset: z.number(),
  limit: z.number(),
});
const regionAnswer = z.object({ region: storeRegionSchema });
const productsAnswer = z.object({
  products: z.array(storeProductSchema),
  count: z.number(),
  offset: z.number(),
  limit: z.number(),
});
const productAnswer = z.object({ product: storeProductSchema });

export const storeRoutes: FastifyPluginAsyncZod<{
  store: StoreService;
  keys: PublishableKeyService;
  answers: CatalogAnswers;
  keptCarts: KeptCarts;
}> = async (app, { store, keys, answers, keptCarts }) => {
  registerStoreErrorHandling(app);

  // The Medusa SDK sends `content-type: application/json` on every call, DELETEs without a
  // body included; an empty body is then no body rather than a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addHook('onRequest', async (request) => {
    const key = request.headers[PUBLISHABLE_KEY_HEADER];
    if (typeof key !== 'string' || key.trim() === '') {
      throw new StoreApiError(400, 'not_allowed', COMMERCE_MESSAGES.publishableKeyRequired);
    }
    if (!(await keys.isValid(key.trim()))) {
      throw new StoreApiError(401, 'unauthorized', COMMERCE_MESSAGES.publishableKeyInvalid);
    }
  });
  app.addHook('preValidation', async (request) => {
    request.query = foldBracketArrays(request.query as Record<string, unknown>);
  });

  const tags = ['commerce (/store)'];
  const security = [{ publishableKey: [] }];

  app.get(
    '/regions',
    {
      schema: {
        tags,
        security,
        summary: 'Regions (only India)',
        querystring: fieldsQuerySchema,
        response: { 200: regionsAnswer, ...notModified, ...errors },
      },
    },
    async (request, reply) => {
      const selection = select(regionResource, request.query.fields);
      reply.header('vary', PUBLISHABLE_KEY_HEADER);
      await answers.send(request, reply, `store:regions:${selectionKey(selection)}`, regionsAnswer, async () => ({
        regions: REGIONS.map((r) => project(regionResource, selection, r)),
        count: REGIONS.length,
        offset: 0,
        limit: REGIONS.length,
      }));
      return reply;
    },
  );

  app.get(
    '/regions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One region',
        params: idParams,
        querystring: fieldsQuerySchema,
        response: { 200: regionAnswer, ...notModified, ...errors },
      },
    },
    async (request, reply) => {
      const region = findRegion(request.params.id);
      if (!region) throw new NotFoundError(COMMERCE_MESSAGES.regionNotFound);
      const selection = select(regionResource, request.query.fields);
      reply.header('vary', PUBLISHABLE_KEY_HEADER);
      await answers.send(
        request,
        reply,
        `store:region:${region.id}:${selectionKey(selection)}`,
        regionAnswer,
        async () => ({
          region: project(regionResource, selection, region),
        }),
      );
      return reply;
    },
  );

  app.get(
    '/products',
    {
      schema: {
        tags,
        security,
        summary: 'Products priced for a region (calculated_price: selling price; original: MRP), paged',
        querystring: productListQuerySchema,
        response: { 200: productsAnswer, ...notModified, ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const region = requestedRegion(q.region_id);
      const selection = select(productResource, q.fields);
      const key = JSON.stringify([
        q.limit,
        q.offset,
        sorted(q.id),
        sorted(q.handle),
        sorted(q.category_id),
        q.q ?? null,
        region.id,
        selectionKey(selection),
      ]);
      reply.header('vary', PUBLISHABLE_KEY_HEADER);
      await answers.send(request, reply, `store:products:${key}`, productsAnswer, async () => {
        const { products, count } = await store.listProducts(
          { limit: q.limit, offset: q.offset, ids: q.id, handles: q.handle, categoryIds: q.category_id, q: q.q },
          region,
          selection,
        );
        return { products, count, offset: q.offset, limit: q.limit };
      });
      return reply;
    },
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One product (by id or handle) priced for a region',
        params: idParams,
        querystring: productQuerySchema,
        response: { 200: productAnswer, ...notModified, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const region = requestedRegion(request.query.region_id);
      const selection = select(productResource, request.query.fields);
      reply.header('vary', PUBLISHABLE_KEY_HEADER);
      const key = `store:product:${JSON.stringify([id, region.id, selectionKey(selection)])}`;
      await answers.send(request, reply, key, productAnswer, async () => ({
        product: await store.getProduct(id, region, selection),
      }));
      return reply;
    },
  );

  app.get(
    '/promotion',
    {
      schema: {
        tags,
        security,
        summary: 'Promotions running now (coupon codes with their description), for banners',
        response: { 200: z.object({ promotions: z.array(storePromotionSchema) }), ...errors },
      },
    },
    async () => ({ promotions: await store.runningPromotions() }),
  );

  app.post(
    '/carts',
    {
      schema: {
        tags,
        security,
        summary: 'Create a cart (region India by default), optionally with items',
        body: createCartBodySchema,
        querystring: fieldsQuerySchema,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request) => {
      const { region_id, email, items } = request.body;
      const selection = select(cartResource, request.query.fields);
      return {
        cart: await store.createCart(
          {
            region: requestedRegion(region_id),
            email,
            items: items?.map((i) => ({ variantId: i.variant_id, quantity: i.quantity })),
          },
          selection,
        ),
      };
    },
  );

  app.get(
    '/carts/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A cart with items, region, promotions, shipping methods and totals',
        params: idParams,
        querystring: fieldsQuerySchema,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const selection = select(cartResource, request.query.fields);
      const body = await keptCarts.answer(request.params.id, selectionKey(selection), async () => {
        const { cart, version, until } = await store.getCart(request.params.id, selection);
        return { body: JSON.stringify(cartAnswer.encode({ cart })), version, until };
      });
      return sendJson(reply, body);
    },
  );

  app.post(
    '/carts/:id',
    {
      schema: {
        tags,
        security,
        summary: "Update a cart's email or region",
        params: idParams,
        body: updateCartBodySchema,
        querystring: fieldsQuerySchema,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request) => {
      const { email, region_id } = request.body;
      const region = region_id === undefined ? undefined : requestedRegion(region_id);
      const selection = select(cartResource, request.query.fields);
      return { cart: await store.updateCart(request.params.id, { email, region }, selection) };
    },
  );

  app.post(
    '/carts/:id/line-items',
    {
      schema: {
        tags,
        security,
        summary: 'Add a quantity of a variant (409 beyond the stock)',
        params: idParams,
        body: addLineItemBodySchema,
        querystring: fieldsQuerySchema,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request) => ({
      cart: await store.addLineItem(
        request.params.id,
        { variantId: request.body.variant_id, quantity: request.body.quantity },
        select(cartResource, request.query.fields),
      ),
    }),
  );

  app.post(
    '/carts/:id/line-items/:line_id',
    {
      schema: {
        tags,
        security,
        summary: "Set a line item's quantity (0 removes it)",
        params: lineParams,
        body: updateLineItemBodySchema,
        querystring: fieldsQuerySchema,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request) => ({
      cart: await store.updateLineItem(
        request.params.id,
        request.params.line_id,
        request.body.quantity,
        select(cartResource, request.query.fields),
      ),
    }),
  );

  app.delete(
    '/carts/:id/line-items/:line_id',
    {
      schema: {
        tags,
        security,
        summary: 'Remove a line item; answers the cart as `parent`',
        params: lineParams,
        querystring: fieldsQuerySchema,
        response: {
          200: z.object({
            id: z.string(),
            object: z.literal('line-item'),
            deleted: z.literal(true),
            parent: storeCartSchema,
          }),
          ...errors,
        },
      },
    },
    async (request) => ({
      id: request.params.line_id,
      object: 'line-item' as const,
      deleted: true as const,
      parent: await store.deleteLineItem(
        request.params.id,
        request.params.line_id,
        select(cartResource, request.query.fields),
      ),
    }),
  );

  app.post(
    '/carts/:id/promotions',
    {
      schema: {
        tags,
        security,
        summary: 'Apply a coupon code (one per cart; a new one replaces the old)',
        params: idParams,
        body: promotionCodesBodySchema,
        querystring: fieldsQuerySchema,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request) => ({
      cart: await store.addPromotions(
        request.params.id,
        request.body.promo_codes,
        select(cartResource, request.query.fields),
      ),
    }),
  );

  app.delete(
    '/carts/:id/promotions',
    {
      schema: {
        tags,
        security,
        summary: 'Remove coupon codes',
        params: idParams,
        body: promotionCodesBodySchema,
        querystring: fieldsQuerySchema,
        response: { 200: cartAnswer, ...errors },
      },
    },
    async (request) => ({
      cart: await store.removePromotions(
        request.params.id,
        request.body.promo_codes,
        select(cartResource, request.query.fields),
      ),
    }),
  );
};
