/**
 * The admin's categories and collections (docs/admin.md "Categories and collections"): the
 * category tree with hidden branches; categories made, renamed, moved, pictured, hidden and
 * reordered among their siblings; collections made, renamed, described, pictured, hidden and
 * reordered, and one collection with its products (picked with POST
 * /admin/api/products/collections). Owner and staff (`catalog.read`, `catalog.write`); each
 * write is audited as `category` or `collection`, so the catalogue caches drop and the
 * storefront's pages revalidate at once. The flat lists the product forms pick from are
 * GET /admin/api/categories and /admin/api/collections (products-routes.ts).
 */
import {
  ADMIN_API_PREFIX,
  adminCategoryNodeSchema,
  adminCategoryRecordSchema,
  adminCollectionDetailSchema,
  categoryCreateBodySchema,
  categoryOrderBodySchema,
  categoryUpdateBodySchema,
  collectionCreateBodySchema,
  collectionOrderBodySchema,
  collectionUpdateBodySchema,
  envelope,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { TaxonomyEditor } from '../catalog';
import { idOf, idParams } from './params';

const tags = ['admin'];
const P = ADMIN_API_PREFIX;
const orderAnswer = envelope(z.object({ ids: z.array(z.string()) }));

export const adminTaxonomyRoutes: FastifyPluginAsyncZod<{ taxonomy: TaxonomyEditor }> = async (app, { taxonomy }) => {
  const readCategory = (id: string) => taxonomy.category(id);
  const readCollection = (id: string) => taxonomy.collection(id);

  app.get(
    `${P}/categories/tree`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'The category tree in its order, hidden categories included, with the products filed in each',
        response: { 200: envelope(z.array(adminCategoryNodeSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await taxonomy.categoryTree()),
  );

  app.post(
    `${P}/categories`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'category.create', entity: 'category' } },
      schema: {
        tags,
        summary:
          'Make a category one level below its parent (none: top level), last among its siblings; slug from the name',
        body: categoryCreateBodySchema,
        response: { 201: envelope(adminCategoryRecordSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await taxonomy.createCategory(request.body))),
  );

  app.patch(
    `${P}/categories/:id`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'category.update', entity: 'category', id: idOf, read: readCategory } },
      schema: {
        tags,
        summary:
          'Rename (the slug stays), move under a category of the level above, change the picture, hide or show a category',
        params: idParams,
        body: categoryUpdateBodySchema,
        response: { 200: envelope(adminCategoryRecordSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await taxonomy.updateCategory(request.params.id, request.body)),
  );

  app.post(
    `${P}/categories/order`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: {
        audit: {
          action: 'category.order',
          entity: 'category',
          id: (r) => (r.body as { parentId: string | null }).parentId ?? undefined,
        },
      },
      schema: {
        tags,
        summary: 'Put the categories under a parent (none: the top level) in a new order; name each of them once',
        body: categoryOrderBodySchema,
        response: { 200: orderAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await taxonomy.orderCategories(request.body.parentId, request.body.ids)),
  );

  app.get(
    `${P}/collections/:id`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'A collection with its products',
        params: idParams,
        response: { 200: envelope(adminCollectionDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await taxonomy.collection(request.params.id)),
  );

  app.post(
    `${P}/collections`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'collection.create', entity: 'collection' } },
      schema: {
        tags,
        summary:
          'Make a collection, last in the order; slug from the name; products are added through /products/collections',
        body: collectionCreateBodySchema,
        response: { 201: envelope(adminCollectionDetailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await taxonomy.createCollection(request.body))),
  );

  app.patch(
    `${P}/collections/:id`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'collection.update', entity: 'collection', id: idOf, read: readCollection } },
      schema: {
        tags,
        summary: 'Rename (the slug stays), describe, change the picture, hide or show a collection',
        params: idParams,
        body: collectionUpdateBodySchema,
        response: { 200: envelope(adminCollectionDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await taxonomy.updateCollection(request.params.id, request.body)),
  );

  app.post(
    `${P}/collections/order`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'collection.order', entity: 'collection' } },
      schema: {
        tags,
        summary: 'Put every collection in a new order; name each of them once',
        body: collectionOrderBodySchema,
        response: { 200: orderAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await taxonomy.orderCollections(request.body.ids)),
  );
};
