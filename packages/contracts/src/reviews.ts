/**
 * Shapes of product reviews (behaviour.md §3 Review, §7 Catalogue reviews).
 */
import { z } from 'zod';
import { REVIEWS_DEFAULT_LIMIT, REVIEW_BODY_MAX, REVIEW_FITS, REVIEW_TITLE_MAX } from './constants';
import { pageMetaSchema, pageQuerySchema } from './catalog';
import { REVIEW_MESSAGES } from './messages';
import { SIZING_MESSAGES } from './sizing-constants';

export const reviewsQuerySchema = pageQuerySchema(REVIEWS_DEFAULT_LIMIT);

const ratingSchema = z.coerce
  .number({ message: REVIEW_MESSAGES.rating })
  .int({ message: REVIEW_MESSAGES.rating })
  .min(1, { message: REVIEW_MESSAGES.rating })
  .max(5, { message: REVIEW_MESSAGES.rating });

/** Text kept exactly as written (no trimming), but not blank and not longer than `max`. */
const textField = (max: number, message: string) =>
  z
    .string({ message })
    .max(max, { message })
    .refine((text) => text.trim().length > 0, { message });

/** POST /reviews, as JSON or as the text fields of a multipart form with photos. */
export const postReviewBodySchema = z.object({
  productId: z.uuid({ message: REVIEW_MESSAGES.productRequired }),
  rating: ratingSchema,
  title: textField(REVIEW_TITLE_MAX, REVIEW_MESSAGES.title),
  body: textField(REVIEW_BODY_MAX, REVIEW_MESSAGES.body),
  /** "How was the fit?": optional; a form sends an empty field for no answer. */
  fit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(REVIEW_FITS, { message: SIZING_MESSAGES.fit }).optional(),
  ),
});
export type PostReviewBody = z.infer<typeof postReviewBodySchema>;

export const reviewSchema = z.object({
  id: z.string(),
  productId: z.string(),
  rating: z.number().int(),
  /** As the shopper wrote them; render as text, never as HTML. */
  title: z.string(),
  body: z.string(),
  photos: z.array(z.object({ url: z.string() })),
  author: z.object({ name: z.string() }),
  isVerifiedPurchase: z.boolean(),
  /** The reviewer's answer to "How was the fit?", or null. */
  fit: z.enum(REVIEW_FITS).nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewStatsSchema = z.object({
  total: z.number().int(),
  /** Mean rating to one decimal; 0 with no reviews. */
  average: z.number(),
  /** Ratings 5 down to 1, each with its count and whole-number percentage (summing to 100). */
  distribution: z.array(z.object({ rating: z.number().int(), count: z.number().int(), percentage: z.number() })),
  /**
   * The fit answers: how many reviews answered, and each answer (small, true to size, large)
   * with its count and whole-number percentage of those (summing to 100; all 0 when none did).
   */
  fit: z.object({
    answered: z.number().int(),
    shares: z.array(z.object({ fit: z.enum(REVIEW_FITS), count: z.number().int(), percentage: z.number() })),
  }),
});
export type ReviewStats = z.infer<typeof reviewStatsSchema>;

export const reviewsPageSchema = z.object({
  reviews: z.array(reviewSchema),
  /** The written reviews' stats: `total` counts written reviews only. */
  stats: reviewStatsSchema,
  /**
   * The product's rating as the catalogue shows it (cards, the product's summary): every
   * rating, with or without a written review (imported ratings have no text nor stars by
   * count). When `count` equals `stats.total`, `stats.distribution` is every rating's.
   */
  rating: z.object({ average: z.number(), count: z.number().int() }),
  meta: pageMetaSchema,
});
export type ReviewsPage = z.infer<typeof reviewsPageSchema>;
