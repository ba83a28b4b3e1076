import {
  CATALOG_MESSAGES,
  REVIEW_MESSAGES,
  REVIEWS_DEFAULT_LIMIT,
  type PostReviewBody,
  type Review,
  type ReviewsPage,
} from '@vastra/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { getReviews, postReview } from '@/lib/api/browser/reviews';
import type { RootState } from '@/lib/store/store';
import { errorMessage, type ThunkExtra } from '@/lib/store/thunk';

/**
 * The reviews calls as plain thunks: the section keeps its reviews in its own state (they are
 * not one of the persisted slices of behaviour.md §4), and a thunk is how a component reaches the store's
 * API client. Plain thunks dispatch no actions, so photo files never pass through the store.
 */
type ReviewsThunk<T> = ThunkAction<Promise<T>, RootState, ThunkExtra, UnknownAction>;

/** A page of a product's reviews with the stats; throws the message to show ('Failed to fetch reviews', behaviour.md §8). */
export function loadReviews(productId: string, page: number): ReviewsThunk<ReviewsPage> {
  return async (_dispatch, _getState, { api }) => {
    let answer;
    try {
      answer = await getReviews(api, productId, page, REVIEWS_DEFAULT_LIMIT);
    } catch (error) {
      throw new Error(errorMessage(error, CATALOG_MESSAGES.reviews));
    }
    if (!answer.data) throw new Error(answer.message ?? CATALOG_MESSAGES.reviews);
    return answer.data;
  };
}

/**
 * Posts a review (with up to five photos). behaviour.md §5: needs a login ('Please login to submit a
 * review', no request). Resolves to the review and the server's message; throws the server's
 * message (409 already reviewed, validation) or 'Failed to post review' (behaviour.md §8).
 */
export function submitReview(
  body: PostReviewBody,
  photos: readonly File[],
): ReviewsThunk<{ review: Review; message: string }> {
  return async (_dispatch, getState, { api }) => {
    if (!getState().auth.isAuthenticated) throw new Error(REVIEW_MESSAGES.loginRequired);
    let answer;
    try {
      answer = await postReview(api, body, photos);
    } catch (error) {
      throw new Error(errorMessage(error, CATALOG_MESSAGES.postReview));
    }
    if (!answer.data?.review) throw new Error(answer.message ?? CATALOG_MESSAGES.postReview);
    return { review: answer.data.review, message: answer.message ?? REVIEW_MESSAGES.posted };
  };
}
