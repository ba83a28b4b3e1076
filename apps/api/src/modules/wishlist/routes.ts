/**
 * The wishlist (behaviour.md §7 Wishlist): every call needs a session (401 `Authentication required`).
 */
import {
  WISHLIST_MESSAGES,
  addToWishlistBodySchema,
  envelope,
  messageEnvelopeSchema,
  wishlistEntrySchema,
  wishlistIdsSchema,
  wishlistPageSchema,
  wishlistQuerySchema,
} from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, errorResponses, ok } from '../../lib/http';
import { principalOf } from '../../plugins/authenticate';
import type { WishlistService } from './service';

const tags = ['wishlist'];
const errors = errorResponses(400, 401, 403, 404, 409);

export const wishlistRoutes: FastifyPluginAsyncZod<{ wishlist: WishlistService }> = async (app, { wishlist }) => {
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/wishlist',
    {
      schema: {
        tags,
        summary: "A page of the user's wishlist, newest first (defaults: page 1, limit 10)",
        querystring: wishlistQuerySchema,
        response: { 200: envelope(wishlistPageSchema), ...errors },
      },
    },
    async (request) => ok(await wishlist.list(principalOf(request).userId, request.query.page, request.query.limit)),
  );

  app.get(
    '/wishlist/ids',
    {
      schema: {
        tags,
        summary: 'Which products and sizes are in the wishlist (for the hearts on product cards)',
        response: { 200: envelope(wishlistIdsSchema), ...errors },
      },
    },
    async (request) => ok({ entries: await wishlist.ids(principalOf(request).userId) }),
  );

  app.post(
    '/wishlist/add',
    {
      schema: {
        tags,
        summary: 'Save a size of a product (without variantId, its first size in stock); never duplicates',
        body: addToWishlistBodySchema,
        response: {
          200: envelope(z.object({ item: wishlistEntrySchema })),
          201: envelope(z.object({ item: wishlistEntrySchema })),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { item, created } = await wishlist.add(principalOf(request).userId, request.body);
      reply.code(created ? 201 : 200);
      return ok({ item }, created ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.alreadyAdded);
    },
  );

  app.delete(
    '/wishlist/:wishlistId',
    {
      schema: {
        tags,
        summary: 'Remove an entry',
        params: z.object({ wishlistId: z.string().max(100) }),
        response: { 200: messageEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      await wishlist.remove(principalOf(request).userId, request.params.wishlistId);
      return done(WISHLIST_MESSAGES.removed);
    },
  );
};
