/**
 * Reviews (behaviour.md §7 Catalogue): GET /reviews/product/{id} (reviews, stats, meta) for anyone, and
 * POST /reviews for a logged-in shopper (401 `Please login to submit a review` otherwise), at
 * most REVIEW_POSTS_PER_HOUR an hour per account (429), which bounds review spam and photo floods.
 */
import { REVIEW_MESSAGES, envelope, reviewSchema, reviewsPageSchema, reviewsQuerySchema } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { HOUR_MS, createLimitGuard } from '../../plugins/rate-limit';
import { principalOf } from '../../plugins/authenticate';
import { readReviewForm } from './review-form';
import type { ReviewsService } from './service';

const tags = ['reviews'];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 429);

/** Review posts one account may make an hour: far above what a shopper writes. */
export const REVIEW_POSTS_PER_HOUR = 10;

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  const postLimit = createLimitGuard(
    app,
    'reviews:post',
    { account: { max: REVIEW_POSTS_PER_HOUR, timeWindow: HOUR_MS } },
    REVIEW_MESSAGES.tooManyReviews,
  );

  app.get(
    '/reviews/product/:id',
    {
      schema: {
        tags,
        summary: "A page of a product's reviews, newest first, with stats of all of them (defaults: page 1, limit 10)",
        params: z.object({ id: z.string().min(1).max(200) }),
        querystring: reviewsQuerySchema,
        response: { 200: envelope(reviewsPageSchema), ...errors },
      },
    },
    async (request) => ok(await reviews.list(request.params.id, request.query.page, request.query.limit)),
  );

  app.post(
    '/reviews',
    {
      // behaviour.md's own message for a missing login, rather than the generic one, before the body is read;
      // then the account's posts are counted, before the photos are read.
      onRequest: [
        app.identifyUser,
        async (request) => {
          if (!request.principal) throw new UnauthorizedError(REVIEW_MESSAGES.loginRequired);
        },
        postLimit,
      ],
      schema: {
        tags,
        summary:
          'Post a review: JSON {productId, rating 1–5, title, body}, or multipart with the same fields and up to 5 photos',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: envelope(z.object({ review: reviewSchema })), ...errors },
      },
    },
    async (request, reply) => {
      const { review, photos } = await readReviewForm(request);
      const posted = await reviews.post(principalOf(request).userId, review, photos);
      reply.code(201);
      return ok({ review: posted }, REVIEW_MESSAGES.posted);
    },
  );
};
