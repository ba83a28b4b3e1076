/**
 * Size charts over HTTP (docs/shopper-features.md "Size charts and fit"):
 * GET /products/{id}/size-chart for anyone (404 when the product has none), and the admin's
 * GET /admin/api/size-charts, GET and PUT /admin/api/size-charts/{id}. Reading needs
 * `catalog.read`, replacing `catalog.write`; every replace is in the audit log with the chart
 * before and after.
 */
import { ADMIN_API_PREFIX, envelope, langQuerySchema, sizeChartBodySchema, sizeChartSchema } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { SizingService } from './service';

const P = `${ADMIN_API_PREFIX}/size-charts`;
const idParams = z.object({ id: z.uuid() });

export const sizingRoutes: FastifyPluginAsyncZod<{ sizing: SizingService }> = async (app, { sizing }) => {
  app.get(
    '/products/:id/size-chart',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "A product's size chart (lengths in cm, with its source): the brand's for the product's category or its parents, else the store's; 404 when none",
        params: z.object({ id: z.string().min(1).max(200) }),
        querystring: langQuerySchema,
        response: { 200: envelope(sizeChartSchema), ...errorResponses(400, 404) },
      },
    },
    async (request) => ok(await sizing.forProduct(request.params.id, request.query.lang)),
  );
};

export const adminSizeChartsRoutes: FastifyPluginAsyncZod<{ sizing: SizingService }> = async (app, { sizing }) => {
  const tags = ['admin'];

  app.get(
    P,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: "Every size chart, by category, the store's before the brands'",
        response: { 200: envelope(z.array(sizeChartSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await sizing.list()),
  );

  app.get(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'One size chart',
        params: idParams,
        response: { 200: envelope(sizeChartSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await sizing.get(request.params.id)),
  );

  app.put(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: {
        audit: {
          action: 'size-chart.update',
          entity: 'size-chart',
          id: (request) => (request.params as { id: string }).id,
          read: (id) => sizing.get(id),
        },
      },
      schema: {
        tags,
        summary:
          "Replace a size chart's columns, rows (lengths in cm) and source; its brand and category stay. Shoppers see it on the next product page",
        params: idParams,
        body: sizeChartBodySchema,
        response: { 200: envelope(sizeChartSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await sizing.replace(request.params.id, request.body)),
  );
};
