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
  langQuerySchema,
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
const pageAndLang = (limit: number) => pageQuerySchema(limit).extend(langQuerySchema.shape);
const errors = { 400: errorEnvelopeSchema, 404: errorEnvelopeSchema };

const categoriesAnswer = envelope(z.object({ categories: z.array(categoryNodeSchema), count: z.number().int() }));
const collectionsAnswer = envelope(z.object({ collections: z.array(collectionSchema), meta: pageMetaSchema }));
const homepageAnswer = envelope(z.object({ sections: z.array(homepageSectionSchema) }));
const searchAnswer = envelope(productSearchResultSchema);
const productAnswer = envelope(z.object({ product: productDetailSchema }));
const relatedAnswer = envelope(z.object({ relatedProducts: z.array(productSummarySchema) }));

/**
 * Every answer here is the same for every shopper: each is sent from `catalog.answers` with an
 * ETag and a public Cache-Control (answers.ts), keyed by the route and its validated input,
 * the language (`?lang=en|hi`, docs/behaviour.md "Catalogue languages") among it: the language
 * is in the URL, so browsers and shared caches keep each language apart too.
 */
export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  const answers = catalog.answers;
  app.get(
    '/categories',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Category tree (masterCategory → subCategory → articleType) with product counts',
        querystring: langQuerySchema,
        response: { 200: categoriesAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) => {
      const { lang } = request.query;
      return answers.send(request, reply, `categories:${lang}`, categoriesAnswer, async () =>
        ok(await catalog.categoryTree(lang)),
      );
    },
  );

  app.get(
    '/collections',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Collections, paged',
        querystring: pageAndLang(COLLECTIONS_PAGE_SIZE),
        response: { 200: collectionsAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) => {
      const { page, limit, lang } = request.query;
      return answers.send(request, reply, `collections:${page}:${limit}:${lang}`, collectionsAnswer, async () =>
        ok(await catalog.collections(page, limit, lang)),
      );
    },
  );

  app.get(
    '/homepage-sections',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Homepage sections in order, each with the content it renders',
        querystring: langQuerySchema,
        response: { 200: homepageAnswer, ...notModified, ...errors },
      },
    },
    // Which sections show depends on the moment (their schedules): made afresh from the cached sections.
    (request, reply) =>
      answers.send(request, reply, null, homepageAnswer, async () =>
        ok({ sections: await catalog.homepageSections(new Date(), request.query.lang) }),
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
        querystring: langQuerySchema,
        response: { 200: productAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) => {
      const { lang } = request.query;
      return answers.send(request, reply, `product:${request.params.id}:${lang}`, productAnswer, async () =>
        ok({ product: await catalog.getProduct(request.params.id, lang) }),
      );
    },
  );

  app.get(
    '/products/:id/related',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products related by article type, brand and colour; never the product itself',
        params: productParams,
        querystring: pageAndLang(RELATED_PRODUCTS_LIMIT).pick({ limit: true, lang: true }),
        response: { 200: relatedAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { limit, lang } = request.query;
      return answers.send(request, reply, `related:${id}:${limit}:${lang}`, relatedAnswer, async () =>
        ok({ relatedProducts: await catalog.related(id, limit, lang) }),
      );
    },
  );
};
