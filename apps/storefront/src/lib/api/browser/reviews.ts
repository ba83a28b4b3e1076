import type { PostReviewBody, Review, ReviewsPage } from '@vastra/contracts';
import { storefrontApi, withMessage, type Answer } from './api';
import type { ApiAnswer, BrowserApi } from './client';

/**
 * The review calls of behaviour.md §7 Catalogue: reading is an RTK Query endpoint; posting, which
 * may carry photos, goes through the client itself (an upload is not data for the cache).
 */

export const reviewsApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /reviews/product/{id}?page&limit: a page of reviews (newest first), the stats and the paging. */
    productReviews: build.query<Answer<ReviewsPage>, { productId: string; page: number; limit: number }>({
      query: ({ productId, page, limit }) => ({
        path: `/reviews/product/${encodeURIComponent(productId)}?${new URLSearchParams({
          page: String(page),
          limit: String(limit),
        })}`,
      }),
      transformResponse: withMessage<ReviewsPage>,
      providesTags: (_result, _error, { productId }) => [{ type: 'Reviews', id: productId }],
    }),
  }),
});

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
  if (body.fit) form.set('fit', body.fit);
  for (const photo of photos) form.append('photos', photo);
  return api.request('/reviews', { method: 'POST', form, timeoutMs: 60_000 });
}
