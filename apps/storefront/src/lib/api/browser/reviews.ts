import {
  CATALOG_MESSAGES,
  REVIEW_MESSAGES,
  REVIEWS_DEFAULT_LIMIT,
  type PostReviewBody,
  type Review,
  type ReviewsPage,
} from '@vastra/contracts';
import { MutationError, mutate, read } from './mutate';
import { upload } from './transfer';

/**
 * The review calls of behaviour.md §7 Catalogue from the browser: another page of a product's
 * reviews (the first comes with the server's page, lib/api/server/reviews.ts) and posting one.
 * Each throws MutationError with the API's message, else the call's behaviour.md §8 text.
 */

/** GET /reviews/product/{id}?page&limit: a page of reviews (newest first, 10 a page), the stats and the paging; else 'Failed to fetch reviews'. */
export async function readReviews(apiUrl: string, productId: string, page: number): Promise<ReviewsPage> {
  const query = new URLSearchParams({ page: String(page), limit: String(REVIEWS_DEFAULT_LIMIT) });
  const answer = await read<ReviewsPage>(apiUrl, `/reviews/product/${encodeURIComponent(productId)}?${query}`, {
    fallback: CATALOG_MESSAGES.reviews,
  });
  if (!answer.data) throw new MutationError(answer.message ?? CATALOG_MESSAGES.reviews, 200);
  return answer.data;
}

/**
 * POST /reviews: JSON, or with photos (up to five) multipart with the same fields. Resolves to
 * the review and the message to toast ('Thank you! Your review has been posted.'); throws the
 * API's message (409 already reviewed, validation) or 'Failed to post review'.
 */
export async function postReview(
  apiUrl: string,
  body: PostReviewBody,
  photos: readonly File[],
): Promise<{ review: Review; message: string }> {
  const fallback = CATALOG_MESSAGES.postReview;
  let answer;
  if (photos.length === 0) {
    answer = await mutate<{ review: Review }>(apiUrl, '/reviews', { json: body, fallback });
  } else {
    const form = new FormData();
    form.set('productId', body.productId);
    form.set('rating', String(body.rating));
    form.set('title', body.title);
    form.set('body', body.body);
    if (body.fit) form.set('fit', body.fit);
    for (const photo of photos) form.append('photos', photo);
    answer = await upload<{ review: Review }>(apiUrl, '/reviews', form, { fallback });
  }
  if (!answer.data?.review) throw new MutationError(answer.message ?? fallback, 200);
  return { review: answer.data.review, message: answer.message ?? REVIEW_MESSAGES.posted };
}
