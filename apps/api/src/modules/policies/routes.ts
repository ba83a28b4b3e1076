/**
 * The policy pages over HTTP (behaviour.md "Policies and listing details"):
 * - GET /policies/{slug}: a page as shoppers read it (HTML from the owner's Markdown), cacheable
 *   as the catalogue's answers are; 404 "Policy not found" for another slug;
 * - GET /admin/api/policies, GET and PUT /admin/api/policies/{slug}: the owner's pages (no
 *   delete: the five pages always exist); each save is in the audit log with the page before
 *   and after, and bumps its version;
 * - POST /admin/api/policies/preview: Markdown as shoppers would see it, nothing saved.
 * The admin routes are the owner's (`settings.write`).
 */
import {
  adminPolicySchema,
  ADMIN_API_PREFIX,
  envelope,
  policyBodySchema,
  policyPreviewSchema,
  publicPolicySchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { CATALOG_CACHE_CONTROL } from '../catalog';
import { renderPolicyMarkdown, type PoliciesService } from './service';

const slugParams = z.object({ slug: z.string().min(1).max(60) });

export const policiesRoutes: FastifyPluginAsyncZod<{ policies: PoliciesService }> = async (app, { policies }) => {
  const P = `${ADMIN_API_PREFIX}/policies`;
  const tags = ['admin'];

  app.get(
    '/policies/:slug',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'A policy page (returns-refunds-exchanges, shipping, cancellation, terms, privacy): title, HTML made from the owner’s Markdown, version and date',
        params: slugParams,
        response: { 200: envelope(publicPolicySchema), ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const policy = await policies.read(request.params.slug);
      reply.header('cache-control', CATALOG_CACHE_CONTROL);
      return ok(policy);
    },
  );

  app.get(
    P,
    {
      onRequest: app.requireStaff('settings.write'),
      schema: {
        tags,
        summary: 'The five policy pages with their Markdown',
        response: { 200: envelope(z.array(adminPolicySchema)), ...errorResponses(401, 403) },
      },
    },
    async () => ok(await policies.list()),
  );

  app.get(
    `${P}/:slug`,
    {
      onRequest: app.requireStaff('settings.write'),
      schema: {
        tags,
        summary: 'One policy page with its Markdown',
        params: slugParams,
        response: { 200: envelope(adminPolicySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await policies.get(request.params.slug)),
  );

  app.put(
    `${P}/:slug`,
    {
      onRequest: app.requireStaff('settings.write'),
      config: {
        audit: {
          action: 'policy.update',
          entity: 'policy',
          id: (request) => (request.params as { slug: string }).slug,
          read: (slug) => policies.get(slug),
        },
      },
      schema: {
        tags,
        summary:
          'Replace a policy page’s title and Markdown (raw HTML is shown as text); its version goes up by one. Shoppers see it within seconds',
        params: slugParams,
        body: policyBodySchema,
        response: { 200: envelope(adminPolicySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await policies.update(request.params.slug, request.body)),
  );

  app.post(
    `${P}/preview`,
    {
      onRequest: app.requireStaff('settings.write'),
      // Nothing is saved, so there is nothing to audit ('self': the audit hook records no entry).
      config: { audit: 'self' },
      schema: {
        tags,
        summary: 'Markdown as shoppers would see it on a policy page; nothing is saved',
        body: policyBodySchema.pick({ body: true }),
        response: { 200: envelope(policyPreviewSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok({ html: renderPolicyMarkdown(request.body.body) }),
  );
};
