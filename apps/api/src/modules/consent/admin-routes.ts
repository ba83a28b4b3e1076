/**
 * The register of personal data breaches (`/admin/api/data-breaches`, docs/admin.md "Data
 * breaches"): list, read, add and change. Owner only (`breaches.manage`: staff and support get
 * 403); every write is audited.
 */
import { ADMIN_API_PREFIX, BREACH_MESSAGES, dataBreachBodySchema, dataBreachSchema, envelope } from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { BreachRegister } from './breaches';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/data-breaches`;
const idParams = z.object({ id: z.uuid() });
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export const breachRoutes: FastifyPluginAsyncZod<{ breaches: BreachRegister }> = async (app, { breaches }) => {
  const owner = app.requireStaff('breaches.manage');
  const read = (id: string) => breaches.get(id);

  app.get(
    P,
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'The register of personal data breaches, the latest discovered first',
        response: { 200: envelope(z.array(dataBreachSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await breaches.list()),
  );

  app.get(
    `${P}/:id`,
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'One entry of the breach register',
        params: idParams,
        response: { 200: envelope(dataBreachSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await breaches.get(request.params.id)),
  );

  app.post(
    P,
    {
      onRequest: owner,
      config: { audit: { action: 'data-breach.create', entity: 'data-breach' } },
      schema: {
        tags,
        summary: 'Record a personal data breach',
        body: dataBreachBodySchema,
        response: { 201: envelope(dataBreachSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await breaches.create(request.body), BREACH_MESSAGES.saved)),
  );

  app.put(
    `${P}/:id`,
    {
      onRequest: owner,
      config: { audit: { action: 'data-breach.update', entity: 'data-breach', id: idOf, read } },
      schema: {
        tags,
        summary: 'Change an entry (e.g. when the Board or the people affected were told)',
        params: idParams,
        body: dataBreachBodySchema,
        response: { 200: envelope(dataBreachSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await breaches.update(request.params.id, request.body), BREACH_MESSAGES.saved),
  );
};
