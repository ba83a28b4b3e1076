import type { PostReviewBody, Review, ReviewsPage } from '@vastra/contracts';
import type { ApiAnswer, BrowserApi } from './client';

/** The review calls of behaviour.md §7 Catalogue, through the browser client. */

/** GET /reviews/product/{id}?page&limit: a page of reviews (newest first), the stats and the paging. */
export function getReviews(
  api: BrowserApi,
  productId: string,
  page: number,
  limit: number,
): Promise<ApiAnswer<ReviewsPage>> {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  return api.request(`/reviews/product/${encodeURIComponent(productId)}?${query}`);
}

/** POST /reviews: JSON, or multipart with up to five `photos` beside the same fields. */
export function postReview(
  api: BrowserApi,
  body: PostReviewBody,
  photos: readonly File[],
): Promise<ApiAnswer<{ review: Review }>> {
  if (photos.length === 0) return api.request('/reviews', { method: 'POST', json: body });
  const form = new FormData();
  form.set('productId', body.productId);
  form.set('rating', String(body.rating));
  form.set('title', body.title);
  form.set('body', body.body);
  for (const photo of photos) form.append('photos', photo);
  return api.request('/reviews', { method: 'POST', form, timeoutMs: 60_000 });
}
