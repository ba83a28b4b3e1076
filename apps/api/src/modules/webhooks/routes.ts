/**
 * The admin's webhooks (`/admin/api/webhooks`, docs/admin.md "Webhooks"): the owner lists,
 * adds, changes, switches on and off and removes endpoints, rotates a secret and reads each
 * endpoint's delivery log. Owner only (`webhooks.manage`); every write is audited (the audit
 * log drops the `secret` of an answer).
 */
import {
  ADMIN_API_PREFIX,
  envelope,
  WEBHOOK_MESSAGES,
  webhookCreateBodySchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookUpdateBodySchema,
  webhookWithSecretSchema,
} from '@vastra/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import type { WebhookService } from './service';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/webhooks`;
const idParams = z.object({ id: z.uuid() });
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: WebhookService }> = async (app, { webhooks }) => {
  const read = (id: string) => webhooks.get(id);
  const owner = app.requireStaff('webhooks.manage');

  app.get(
    P,
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'Every outgoing webhook endpoint (without its secret)',
        response: { 200: envelope(z.array(webhookEndpointSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await webhooks.list()),
  );

  app.post(
    P,
    {
      onRequest: owner,
      config: { audit: { action: 'webhook.create', entity: 'webhook' } },
      schema: {
        tags,
        summary:
          'Add an endpoint (a public https address) and the events it gets; answers its signing secret, shown this once',
        body: webhookCreateBodySchema,
        response: { 201: envelope(webhookWithSecretSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await webhooks.create(request.body), WEBHOOK_MESSAGES.created)),
  );

  app.patch(
    `${P}/:id`,
    {
      onRequest: owner,
      config: { audit: { action: 'webhook.update', entity: 'webhook', id: idOf, read } },
      schema: {
        tags,
        summary: 'Change an endpoint’s address, events or note, or switch it on or off',
        params: idParams,
        body: webhookUpdateBodySchema,
        response: { 200: envelope(webhookEndpointSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await webhooks.update(request.params.id, request.body)),
  );

  app.post(
    `${P}/:id/rotate-secret`,
    {
      onRequest: owner,
      config: { audit: { action: 'webhook.rotate-secret', entity: 'webhook', id: idOf, read } },
      schema: {
        tags,
        summary: 'A new signing secret, shown this once; the old one keeps signing beside it for 24 hours',
        params: idParams,
        response: { 200: envelope(webhookWithSecretSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await webhooks.rotateSecret(request.params.id), WEBHOOK_MESSAGES.rotated),
  );

  app.delete(
    `${P}/:id`,
    {
      onRequest: owner,
      config: { audit: { action: 'webhook.delete', entity: 'webhook', id: idOf, read } },
      schema: {
        tags,
        summary: 'Remove an endpoint and its delivery log',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await webhooks.remove(request.params.id)),
  );

  app.get(
    `${P}/:id/deliveries`,
    {
      onRequest: owner,
      schema: {
        tags,
        summary: 'The endpoint’s latest deliveries, newest first, each with its attempts',
        params: idParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: envelope(z.array(webhookDeliverySchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await webhooks.deliveries(request.params.id, request.query.limit)),
  );
};
