/**
 * The admin's products and stock (docs/admin.md "Products and stock"): the product list with
 * search and filters, one product with its sizes, a size's stock set or changed with a reason
 * (a stock movement, audited), a size's stock movements, and the stock CSV import (dry run
 * first, all or nothing). Owner and staff only.
 */
import {
  ADMIN_API_PREFIX,
  STOCK_IMPORT_MAX_CHARS,
  adminPageQuerySchema,
  adminProductRowSchema,
  adminProductSchema,
  envelope,
  pageOf,
  stockAdjustBodySchema,
  stockImportBodySchema,
  stockImportResultSchema,
  stockMovementSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { staffOf } from '../../plugins/admin-auth';
import { idOf, idParams, productFilterQuery } from './params';
import type { AdminDeps } from './types';

const tags = ['admin'];
const P = ADMIN_API_PREFIX;

export const adminCatalogRoutes: FastifyPluginAsyncZod<{
  deps: Pick<AdminDeps, 'db' | 'inventory' | 'catalogQueries'>;
}> = async (app, { deps }) => {
  const { db, inventory, catalogQueries } = deps;

  app.get(
    `${P}/products`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary:
          'Products, newest first: search (name, brand, slug, SKU) and filters (category, brand, active, status, stock, on sale)',
        querystring: adminPageQuerySchema.extend(productFilterQuery.shape),
        response: { 200: envelope(pageOf(adminProductRowSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await catalogQueries.list(request.query)),
  );

  app.get(
    `${P}/products/:id`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'A product with its sizes and their stock',
        params: idParams,
        response: { 200: envelope(adminProductSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await catalogQueries.product(request.params.id)),
  );

  app.post(
    `${P}/variants/:id/stock`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: {
        audit: { action: 'stock.adjust', entity: 'variant', id: idOf, read: (id) => catalogQueries.variant(id) },
      },
      schema: {
        tags,
        summary: 'Set a size’s stock, or change it by a number, with a reason (received, damaged, counted, returned)',
        params: idParams,
        body: stockAdjustBodySchema,
        response: { 200: envelope(stockMovementSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await inventory.adjust(db, request.params.id, request.body, staffOf(request).email)),
  );

  app.post(
    `${P}/stock/import`,
    {
      onRequest: app.requireStaff('catalog.write'),
      // The CSV travels in JSON: its characters plus the envelope's few.
      bodyLimit: STOCK_IMPORT_MAX_CHARS * 2,
      config: { audit: { action: 'stock.import', entity: 'variant' } },
      schema: {
        tags,
        summary:
          'Import stock from CSV (sku,quantity): set or add, one reason; a dry run answers the changes and the bad rows without making them',
        body: stockImportBodySchema,
        response: { 200: envelope(stockImportResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await inventory.importStock(db, { ...request.body, actor: staffOf(request).email })),
  );

  app.get(
    `${P}/variants/:id/movements`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'A size’s stock movements, newest first (orders, releases, returns, the store’s changes)',
        params: idParams,
        response: { 200: envelope(z.array(stockMovementSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(await inventory.movements(db, request.params.id)),
  );
};
