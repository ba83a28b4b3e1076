/**
 * Catalogue routes (behaviour.md §7 Catalogue): thin HTTP wrappers over CatalogService; every route
 * declares its query, params and response schemas, which also feed OpenAPI at /docs.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COLLECTIONS_PAGE_SIZE,
  RELATED_PRODUCTS_LIMIT,
  categoryNodeSchema,
  collectionSchema,
  envelope,
  errorEnvelopeSchema,
  homepageSectionSchema,
  pageQuerySchema,
  pageMetaSchema,
  productDetailSchema,
  productSearchQuerySchema,
  productSearchResultSchema,
  productSummarySchema,
} from '@vastra/contracts';
import { ok } from '../../lib/http';
import { notModified } from './answers';
import type { CatalogService } from './service';

const productParams = z.object({ id: z.string().min(1).max(200) });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

const categoriesAnswer = envelope(z.object({ categories: z.array(categoryNodeSchema), count: z.number().int() }));
const collectionsAnswer = envelope(z.object({ collections: z.array(collectionSchema), meta: pageMetaSchema }));
const homepageAnswer = envelope(z.object({ sections: z.array(homepageSectionSchema) }));
const searchAnswer = envelope(productSearchResultSchema);
const productAnswer = envelope(z.object({ product: productDetailSchema }));
const relatedAnswer = envelope(z.object({ relatedProducts: z.array(productSummarySchema) }));

/**
 * Every answer here is the same for every shopper: each is sent from `catalog.answers` with an
 * ETag and a public Cache-Control (answers.ts), keyed by the route and its validated input.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const answers = catalog.answers;
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Category tree (masterCategory → subCategory → articleType) with product counts',
        response: { 200: categoriesAnswer, ...notModified },
      },
    },
    (request, reply) =>
      answers.send(request, reply, 'categories', categoriesAnswer, async () => ok(await catalog.categoryTree())),
  );

  app.get(
    '/collections',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Collections, paged',
        querystring: pageQuerySchema(COLLECTIONS_PAGE_SIZE),
        response: { 200: collectionsAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) => {
      const { page, limit } = request.query;
      return answers.send(request, reply, `collections:${page}:${limit}`, collectionsAnswer, async () =>
        ok(await catalog.collections(page, limit)),
      );
    },
  );

  app.get(
    '/homepage-sections',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Homepage sections in order, each with the content it renders',
        response: { 200: homepageAnswer, ...notModified },
      },
    },
    // Which sections show depends on the moment (their schedules): made afresh from the cached sections.
    (request, reply) =>
      answers.send(request, reply, null, homepageAnswer, async () =>
        ok({ sections: await catalog.homepageSections() }),
      ),
  );

  app.get(
    '/products/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Search, filter, sort and page the catalogue; each facet counts every filter but its own',
        querystring: productSearchQuerySchema,
        response: { 200: searchAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) =>
      answers.send(request, reply, `search:${JSON.stringify(request.query)}`, searchAnswer, async () =>
        ok(await catalog.search(request.query)),
      ),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its variants, by id or slug',
        params: productParams,
        response: { 200: productAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) =>
      answers.send(request, reply, `product:${request.params.id}`, productAnswer, async () =>
        ok({ product: await catalog.getProduct(request.params.id) }),
      ),
  );

  app.get(
    '/products/:id/related',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products related by article type, brand and colour; never the product itself',
        params: productParams,
        querystring: pageQuerySchema(RELATED_PRODUCTS_LIMIT).pick({ limit: true }),
        response: { 200: relatedAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { limit } = request.query;
      return answers.send(request, reply, `related:${id}:${limit}`, relatedAnswer, async () =>
        ok({ relatedProducts: await catalog.related(id, limit) }),
      );
    },
  );
};
