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
import type { CatalogService } from './service';

const productParams = z.object({ id: z.string().min(1).max(200) });
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Category tree (masterCategory → subCategory → articleType) with product counts',
        response: { 200: envelope(z.object({ categories: z.array(categoryNodeSchema), count: z.number().int() })) },
      },
    },
    async () => ok(await catalog.categoryTree()),
  );

  app.get(
    '/collections',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Collections, paged',
        querystring: pageQuerySchema(COLLECTIONS_PAGE_SIZE),
        response: {
          200: envelope(z.object({ collections: z.array(collectionSchema), meta: pageMetaSchema })),
          ...errors,
        },
      },
    },
    async (request) => ok(await catalog.collections(request.query.page, request.query.limit)),
  );

  app.get(
    '/homepage-sections',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Homepage sections in order, each with the content it renders',
        response: { 200: envelope(z.object({ sections: z.array(homepageSectionSchema) })) },
      },
    },
    async () => ok({ sections: await catalog.homepageSections() }),
  );

  app.get(
    '/products/search',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Search, filter, sort and page the catalogue; facets count the filtered result',
        querystring: productSearchQuerySchema,
        response: { 200: envelope(productSearchResultSchema), ...errors },
      },
    },
    async (request) => ok(await catalog.search(request.query)),
  );

  app.get(
    '/products/:id',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its variants, by id or slug',
        params: productParams,
        response: { 200: envelope(z.object({ product: productDetailSchema })), ...errors },
      },
    },
    async (request) => ok({ product: await catalog.getProduct(request.params.id) }),
  );

  app.get(
    '/products/:id/related',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products related by article type, brand and colour; never the product itself',
        params: productParams,
        querystring: pageQuerySchema(RELATED_PRODUCTS_LIMIT).pick({ limit: true }),
        response: { 200: envelope(z.object({ relatedProducts: z.array(productSummarySchema) })), ...errors },
      },
    },
    async (request) => ok({ relatedProducts: await catalog.related(request.params.id, request.query.limit) }),
  );
};
