/**
 * The catalogue as CSV in the admin (docs/admin.md "Importing and exporting the catalogue"):
 * an import queued as a background job (a dry run unless told otherwise), its progress and
 * problems, the import history, and the export of the whole catalogue or a filtered list in the
 * same columns. Owner and staff only.
 */
import {
  ADMIN_API_PREFIX,
  CATALOG_IMPORT_MAX_CHARS,
  catalogImportBodySchema,
  catalogImportSchema,
  envelope,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { staffOf } from '../../plugins/admin-auth';
import { exportProductsCsv } from '../catalog';
import { idParams, productFilterQuery } from './params';
import type { AdminDeps } from './types';

const tags = ['admin'];
const P = ADMIN_API_PREFIX;

export const adminCatalogCsvRoutes: FastifyPluginAsyncZod<{
  deps: Pick<AdminDeps, 'db' | 'catalogQueries' | 'catalogImports'>;
}> = async (app, { deps }) => {
  const { db, catalogQueries, catalogImports } = deps;

  app.post(
    `${P}/catalog/imports`,
    {
      onRequest: app.requireStaff('catalog.write'),
      // The CSV travels in JSON: its characters plus the envelope's few.
      bodyLimit: CATALOG_IMPORT_MAX_CHARS * 2,
      config: { audit: { action: 'catalog.import', entity: 'catalog_import' } },
      schema: {
        tags,
        summary:
          'Import a products CSV (docs/importing-products.md) as a background job: every row checked first; a dry run (the default) writes nothing',
        body: catalogImportBodySchema,
        response: { 202: envelope(catalogImportSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) =>
      reply.code(202).send(ok(await catalogImports.start({ ...request.body, actor: staffOf(request).email }))),
  );

  app.get(
    `${P}/catalog/imports`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'The import history, newest first',
        response: { 200: envelope(z.array(catalogImportSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await catalogImports.history()),
  );

  app.get(
    `${P}/catalog/imports/:id`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'One import: its state, progress, and the problems of every bad row',
        params: idParams,
        response: { 200: envelope(catalogImportSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await catalogImports.get(request.params.id)),
  );

  app.get(
    `${P}/products/export.csv`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'The products matching the list’s filters (all without any) as a products CSV, ready to import again',
        querystring: productFilterQuery,
        response: { 200: z.string(), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const csv = await exportProductsCsv(db, await catalogQueries.where(request.query));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="vastra-products-${day}.csv"`)
        .send(csv);
    },
  );
};
