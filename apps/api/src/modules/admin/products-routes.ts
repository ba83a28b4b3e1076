/**
 * The admin's catalogue editing (docs/admin.md "Products and stock"): products made and
 * changed, their status (draft, on sale, archived), their sizes and prices, bulk price changes
 * with a preview, collection membership, and the category and collection lists the forms pick
 * from. Every write audited; owner and staff only.
 */
import {
  ADMIN_API_PREFIX,
  adminCategorySchema,
  adminCollectionSchema,
  adminProductSchema,
  collectionMembershipBodySchema,
  envelope,
  priceChangeBodySchema,
  priceChangeResultSchema,
  productCreateBodySchema,
  productStatusBodySchema,
  productStatusResultSchema,
  productUpdateBodySchema,
  variantInputSchema,
  variantUpdateBodySchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { staffOf } from '../../plugins/admin-auth';
import { setProductsStatus } from '../catalog';
import { idOf, idParams } from './params';
import type { AdminDeps } from './types';

const tags = ['admin'];
const P = ADMIN_API_PREFIX;

export const adminProductsRoutes: FastifyPluginAsyncZod<{
  deps: Pick<AdminDeps, 'db' | 'catalogQueries' | 'productEditor'>;
}> = async (app, { deps }) => {
  const { db, catalogQueries, productEditor } = deps;
  const readProduct = (id: string) => catalogQueries.product(id);
  const readVariant = (id: string) => catalogQueries.variant(id);

  app.post(
    `${P}/products`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'product.create', entity: 'product' } },
      schema: {
        tags,
        summary:
          'Make a product with its sizes; a draft unless told otherwise (on sale needs a size, prices and a photo)',
        body: productCreateBodySchema,
        response: { 201: envelope(adminProductSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const id = await productEditor.create(request.body, staffOf(request).email);
      return reply.code(201).send(ok(await readProduct(id)));
    },
  );

  app.patch(
    `${P}/products/:id`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'product.update', entity: 'product', id: idOf, read: readProduct } },
      schema: {
        tags,
        summary:
          'Change a product’s fields (name, slug, description, brand, gender, category, colour, HSN code, attributes, collections)',
        params: idParams,
        body: productUpdateBodySchema,
        response: { 200: envelope(adminProductSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await productEditor.update(request.params.id, request.body);
      return ok(await readProduct(request.params.id));
    },
  );

  app.post(
    `${P}/products/status`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'product.status', entity: 'product' } },
      schema: {
        tags,
        summary:
          'Make products drafts, put them on sale or archive them; a product goes on sale only with a size, a price for every size and a photo',
        body: productStatusBodySchema,
        response: { 200: envelope(productStatusResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await setProductsStatus(db, request.body.ids, request.body.status)),
  );

  app.post(
    `${P}/products/prices`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'product.prices', entity: 'product' } },
      schema: {
        tags,
        summary:
          'Reprice every size of the products by a percentage or to one price, never above the MRP; a dry run (the default) previews',
        body: priceChangeBodySchema,
        response: { 200: envelope(priceChangeResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await productEditor.changePrices(request.body)),
  );

  app.post(
    `${P}/products/collections`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: {
        audit: {
          action: 'product.collections',
          entity: 'collection',
          id: (r) => (r.body as { collectionId: string }).collectionId,
        },
      },
      schema: {
        tags,
        summary: 'Put products in a collection or take them out',
        body: collectionMembershipBodySchema,
        response: { 200: envelope(z.object({ changed: z.number().int() })), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await productEditor.setCollection(request.body)),
  );

  app.post(
    `${P}/products/:id/variants`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'variant.create', entity: 'product', id: idOf, read: readProduct } },
      schema: {
        tags,
        summary: 'Add a size to a product (prices in paise, first stock recorded as received)',
        params: idParams,
        body: variantInputSchema,
        response: { 201: envelope(adminProductSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await productEditor.addVariant(request.params.id, request.body, staffOf(request).email);
      return reply.code(201).send(ok(await readProduct(request.params.id)));
    },
  );

  app.patch(
    `${P}/variants/:id`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'variant.update', entity: 'variant', id: idOf, read: readVariant } },
      schema: {
        tags,
        summary: 'Change a size’s name, SKU, MRP or price (the price never above the MRP)',
        params: idParams,
        body: variantUpdateBodySchema,
        response: { 200: envelope(z.object({ id: z.string() })), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await productEditor.updateVariant(request.params.id, request.body);
      return ok({ id: request.params.id });
    },
  );

  app.delete(
    `${P}/variants/:id`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'variant.delete', entity: 'variant', id: idOf, read: readVariant } },
      schema: {
        tags,
        summary: 'Remove a size nobody has ordered; a product on sale keeps one size',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (request) => {
      await productEditor.removeVariant(request.params.id);
      return ok({ id: request.params.id });
    },
  );

  app.get(
    `${P}/categories`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'Every category with its path of names',
        response: { 200: envelope(z.array(adminCategorySchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await productEditor.categories()),
  );

  app.get(
    `${P}/collections`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'Every collection with how many products it holds',
        response: { 200: envelope(z.array(adminCollectionSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await productEditor.collections()),
  );
};
