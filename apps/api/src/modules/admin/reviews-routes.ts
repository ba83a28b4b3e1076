/**
 * The admin's review moderation (docs/admin.md "Reviews"): the queue, newest first, with the
 * photos; hide a review with a reason (shoppers no longer see or count it) and restore it.
 * Owner and staff; every hide and restore is audited.
 */
import {
  ADMIN_API_PREFIX,
  adminPageQuerySchema,
  envelope,
  hideReviewBodySchema,
  moderatedReviewSchema,
  pageOf,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../lib/http';
import { staffOf } from '../../plugins/admin-auth';
import { idOf, idParams } from './params';
import type { AdminDeps } from './types';

const tags = ['admin'];
const P = `${ADMIN_API_PREFIX}/reviews`;

export const adminReviewsRoutes: FastifyPluginAsyncZod<{ deps: Pick<AdminDeps, 'reviews'> }> = async (
  app,
  { deps },
) => {
  const { reviews } = deps;
  const audit = (action: string) => ({
    action,
    entity: 'review',
    id: idOf,
    read: (id: string) => reviews.moderated(id),
  });

  app.get(
    P,
    {
      onRequest: app.requireStaff('reviews.moderate'),
      schema: {
        tags,
        summary: 'Reviews, newest first, with their photos: all, or only the hidden or the shown ones',
        querystring: adminPageQuerySchema.extend({
          hidden: z
            .enum(['true', 'false'])
            .transform((v) => v === 'true')
            .optional(),
        }),
        response: { 200: envelope(pageOf(moderatedReviewSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(await reviews.queue(request.query)),
  );

  app.post(
    `${P}/:id/hide`,
    {
      onRequest: app.requireStaff('reviews.moderate'),
      config: { audit: audit('review.hide') },
      schema: {
        tags,
        summary: 'Hide a review, saying why: shoppers no longer see it, and it leaves the product’s rating',
        params: idParams,
        body: hideReviewBodySchema,
        response: { 200: envelope(moderatedReviewSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(await reviews.setHidden(request.params.id, request.body.reason, staffOf(request).email)),
  );

  app.post(
    `${P}/:id/restore`,
    {
      onRequest: app.requireStaff('reviews.moderate'),
      config: { audit: audit('review.restore') },
      schema: {
        tags,
        summary: 'Show a hidden review again, its rating back in the product’s',
        params: idParams,
        response: { 200: envelope(moderatedReviewSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ok(await reviews.setHidden(request.params.id, null, staffOf(request).email)),
  );
};
