/**
 * Reviews (behaviour.md §7 Catalogue): GET /reviews/product/{id} (reviews, stats, meta) for anyone, and
 * POST /reviews for a logged-in shopper (401 `Please login to submit a review` otherwise), at
 * most REVIEW_POSTS_PER_HOUR an hour per account (429), which bounds review spam and photo floods.
 * A page of reviews is the same for every shopper: it is kept with the catalogue's answers
 * (catalog/answers.ts), which a review posted, hidden or restored or a reviewer's new name
 * drops, and goes out with an ETag every cache checks on each use, so a shopper sees their new
 * review at once.
 */
import { REVIEW_MESSAGES, envelope, reviewSchema, reviewsPageSchema, reviewsQuerySchema } from '@vastra/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnauthorizedError } from '../../lib/errors';
import { errorResponses, ok } from '../../lib/http';
import { HOUR_MS, createLimitGuard } from '../../plugins/rate-limit';
import { principalOf } from '../../plugins/authenticate';
import { notModified, REVALIDATE_CACHE_CONTROL, type CatalogAnswers } from '../catalog';
import { readReviewForm } from './review-form';
import type { ReviewsService } from './service';

const tags = ['reviews'];
const errors = errorResponses(400, 401, 403, 404, 409, 413, 429);

/** Review posts one account may make an hour: far above what a shopper writes. */
export const REVIEW_POSTS_PER_HOUR = 10;

const reviewsAnswer = envelope(reviewsPageSchema);

/** `answers`: the catalogue's kept answers, which every change of a product's reviews drops. */
export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; answers: CatalogAnswers }> = async (
  app,
  { reviews, answers },
) => {
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
        response: { 200: reviewsAnswer, ...notModified, ...errors },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      const { page, limit } = request.query;
      return answers.send(
        request,
        reply,
        `reviews:${id}:${page}:${limit}`,
        reviewsAnswer,
        async () => ok(await reviews.list(id, page, limit)),
        REVALIDATE_CACHE_CONTROL,
      );
    },
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
          'Post a review: JSON {productId, rating 1–5, title, body, fit?: small | true_to_size | large}, or multipart with the same fields and up to 5 photos',
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
