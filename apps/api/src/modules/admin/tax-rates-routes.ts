/**
 * The admin's GST rates (docs/admin.md "GST rates"): the slabs of the rate table listed, made,
 * changed and removed, and the preview of what a sample price pays now and under a proposed
 * change. Reading needs `reports.read` (owner and staff); changing needs `settings.write`
 * (the owner). A change applies to the next quote and order; placed orders keep their GST.
 */
import {
  ADMIN_API_PREFIX,
  envelope,
  taxRateBodySchema,
  taxRatePreviewBodySchema,
  taxRatePreviewResultSchema,
  taxRateSchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { TaxRateAdmin } from '../taxes';
import { idOf, idParams } from './params';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/tax-rates`;

export const adminTaxRatesRoutes: FastifyPluginAsyncZod<{ taxRates: TaxRateAdmin }> = async (app, { taxRates }) => {
  const read = (id: string) => taxRates.get(id);

  app.get(
    P,
    {
      onRequest: app.requireStaff('reports.read'),
      schema: {
        tags,
        summary: 'Every GST rate slab: the default rule first, then by HSN prefix and category',
        response: { 200: envelope(z.array(taxRateSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await taxRates.list()),
  );

  app.post(
    P,
    {
      onRequest: app.requireStaff('settings.write'),
      config: { audit: { action: 'tax-rate.create', entity: 'tax-rate' } },
      schema: {
        tags,
        summary:
          'Add a GST rate slab (rate in basis points, slab bounds in paise per piece); applies to new quotes and orders',
        body: taxRateBodySchema,
        response: { 201: envelope(taxRateSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await taxRates.create(request.body))),
  );

  app.put(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('settings.write'),
      config: { audit: { action: 'tax-rate.update', entity: 'tax-rate', id: idOf, read } },
      schema: {
        tags,
        summary: 'Change a GST rate slab; applies to new quotes and orders',
        params: idParams,
        body: taxRateBodySchema,
        response: { 200: envelope(taxRateSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await taxRates.update(request.params.id, request.body)),
  );

  app.delete(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('settings.write'),
      config: { audit: { action: 'tax-rate.delete', entity: 'tax-rate', id: idOf, read } },
      schema: {
        tags,
        summary: 'Remove a GST rate slab (without a default slab the built-in 18 % applies)',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await taxRates.remove(request.params.id)),
  );

  app.post(
    `${P}/preview`,
    {
      onRequest: app.requireStaff('settings.write'),
      // Writes nothing, but every admin POST is audited: the entry says which change was tried.
      config: { audit: { action: 'tax-rate.preview', entity: 'tax-rate' } },
      schema: {
        tags,
        summary:
          'What one piece (price in paise, HSN code, category) pays now and under a proposed slab added, changed or removed: rate, CGST + SGST, IGST',
        body: taxRatePreviewBodySchema,
        response: { 200: envelope(taxRatePreviewResultSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await taxRates.preview(request.body)),
  );
};
