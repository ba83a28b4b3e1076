/**
 * The admin's homepage editor (docs/admin.md "Homepage"): the sections with their content and
 * schedule, made per type, changed, removed, put in order, and the homepage previewed as a
 * shopper sees it at a chosen moment. Owner and staff (`marketing.*`); every write is audited
 * as entity `homepage`, which drops the catalogue caches and revalidates the storefront's
 * `homepage` tag.
 */
import {
  ADMIN_API_PREFIX,
  adminSectionSchema,
  envelope,
  homepagePreviewQuerySchema,
  homepageSectionSchema,
  sectionCreateBodySchema,
  sectionOrderBodySchema,
  sectionUpdateBodySchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { idOf, idParams } from './params';
import type { AdminDeps } from './types';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/homepage`;

export const adminHomepageRoutes: FastifyPluginAsyncZod<{ deps: Pick<AdminDeps, 'homepageEditor'> }> = async (
  app,
  { deps },
) => {
  const { homepageEditor: editor } = deps;
  const read = (id: string) => editor.get(id);
  const audit = (action: string) => ({ action, entity: 'homepage', id: idOf, read });

  app.get(
    `${P}/sections`,
    {
      onRequest: app.requireStaff('marketing.read'),
      schema: {
        tags,
        summary: 'Every homepage section in order, with its stored content, schedule and state now',
        response: { 200: envelope(z.array(adminSectionSchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await editor.list()),
  );

  app.get(
    `${P}/sections/:id`,
    {
      onRequest: app.requireStaff('marketing.read'),
      schema: {
        tags,
        summary: 'One homepage section',
        params: idParams,
        response: { 200: envelope(adminSectionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await read(request.params.id)),
  );

  app.post(
    `${P}/sections`,
    {
      onRequest: app.requireStaff('marketing.write'),
      config: { audit: { action: 'homepage.create', entity: 'homepage' } },
      schema: {
        tags,
        summary: 'Add a section of one type with its content and schedule; it goes last',
        body: sectionCreateBodySchema,
        response: { 201: envelope(adminSectionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(ok(await editor.create(request.body))),
  );

  app.patch(
    `${P}/sections/:id`,
    {
      onRequest: app.requireStaff('marketing.write'),
      config: { audit: audit('homepage.update') },
      schema: {
        tags,
        summary:
          'Change a section’s title, subtitle, content (checked against its type), schedule or switch it on or off',
        params: idParams,
        body: sectionUpdateBodySchema,
        response: { 200: envelope(adminSectionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await editor.update(request.params.id, request.body)),
  );

  app.delete(
    `${P}/sections/:id`,
    {
      onRequest: app.requireStaff('marketing.write'),
      config: { audit: audit('homepage.delete') },
      schema: {
        tags,
        summary: 'Remove a section',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.string() })), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await editor.remove(request.params.id);
      return ok({ id: request.params.id });
    },
  );

  app.put(
    `${P}/order`,
    {
      onRequest: app.requireStaff('marketing.write'),
      config: { audit: { action: 'homepage.reorder', entity: 'homepage' } },
      schema: {
        tags,
        summary: 'Put the sections in this order: every section’s id once, first shown first',
        body: sectionOrderBodySchema,
        response: { 200: envelope(z.array(adminSectionSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await editor.reorder(request.body.ids)),
  );

  app.get(
    `${P}/preview`,
    {
      onRequest: app.requireStaff('marketing.read'),
      schema: {
        tags,
        summary: 'The homepage as GET /homepage-sections answers shoppers at `at` (default now), schedules applied',
        querystring: homepagePreviewQuerySchema,
        response: {
          200: envelope(z.object({ at: z.string(), sections: z.array(homepageSectionSchema) })),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const at = request.query.at ? new Date(request.query.at) : new Date();
      return ok({ at: at.toISOString(), sections: await editor.preview(at) });
    },
  );
};
