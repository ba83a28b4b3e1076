/**
 * The admin's search synonyms (docs/admin.md "Search synonyms"): list, add, change and remove
 * the words a search word also finds. Owner and staff (`catalog.read`, `catalog.write`); each
 * write is audited as `search-synonym`, a catalogue change, so every instance drops its cached
 * synonyms and search answers and the next search uses the change.
 */
import { ADMIN_API_PREFIX, envelope, searchSynonymBodySchema, searchSynonymSchema } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { SynonymEditor } from '../catalog';
import { idOf, idParams } from './params';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/search-synonyms`;

export const adminSynonymRoutes: FastifyPluginAsyncZod<{ synonyms: SynonymEditor }> = async (app, { synonyms }) => {
  const read = (id: string) => synonyms.get(id);

  app.get(
    P,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'Every search synonym by its word',
        response: { 200: envelope(z.array(searchSynonymSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await synonyms.list()),
  );

  app.get(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('catalog.read'),
      schema: {
        tags,
        summary: 'One search synonym',
        params: idParams,
        response: { 200: envelope(searchSynonymSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await synonyms.get(request.params.id)),
  );

  app.post(
    P,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'search-synonym.create', entity: 'search-synonym' } },
      schema: {
        tags,
        summary: 'Add a search word (one word, Latin or Devanagari) and the words or phrases it also finds (one way)',
        body: searchSynonymBodySchema,
        response: { 201: envelope(searchSynonymSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await synonyms.create(request.body))),
  );

  app.put(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'search-synonym.update', entity: 'search-synonym', id: idOf, read } },
      schema: {
        tags,
        summary: "Replace a synonym's word and what it finds",
        params: idParams,
        body: searchSynonymBodySchema,
        response: { 200: envelope(searchSynonymSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(await synonyms.update(request.params.id, request.body)),
  );

  app.delete(
    `${P}/:id`,
    {
      onRequest: app.requireStaff('catalog.write'),
      config: { audit: { action: 'search-synonym.delete', entity: 'search-synonym', id: idOf, read } },
      schema: {
        tags,
        summary: 'Remove a synonym',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await synonyms.remove(request.params.id);
      return ok({ id: request.params.id });
    },
  );
};
