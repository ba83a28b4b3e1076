import {
  CATALOG_MESSAGES,
  REVIEW_MESSAGES,
  REVIEWS_DEFAULT_LIMIT,
  type PostReviewBody,
  type Review,
  type ReviewsPage,
} from '@vastra/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { ONCE } from '@/lib/api/browser/api';
import { postReview, reviewsApi } from '@/lib/api/browser/reviews';
import type { RootState } from '@/lib/store/store';
import { errorMessage, type ThunkExtra } from '@/lib/store/thunk';

/**
 * The reviews calls as plain thunks: the section keeps its reviews in its own state (they are
 * not one of the persisted slices of behaviour.md §4). Reading runs the reviews endpoint; posting
 * goes through the store's API client, so photo files never pass through the store.
 */
type ReviewsThunk<T> = ThunkAction<Promise<T>, RootState, ThunkExtra, UnknownAction>;

/** A page of a product's reviews with the stats; throws the message to show ('Failed to fetch reviews', behaviour.md §8). */
export function loadReviews(productId: string, page: number): ReviewsThunk<ReviewsPage> {
  return async (dispatch) => {
    let answer;
    try {
      answer = await dispatch(
        reviewsApi.endpoints.productReviews.initiate({ productId, page, limit: REVIEWS_DEFAULT_LIMIT }, ONCE),
      ).unwrap();
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
  return async (dispatch, getState, { api }) => {
    if (!getState().auth.isAuthenticated) throw new Error(REVIEW_MESSAGES.loginRequired);
    let answer;
    try {
      answer = await postReview(api, body, photos);
    } catch (error) {
      throw new Error(errorMessage(error, CATALOG_MESSAGES.postReview));
    }
    if (!answer.data?.review) throw new Error(answer.message ?? CATALOG_MESSAGES.postReview);
    dispatch(reviewsApi.util.invalidateTags([{ type: 'Reviews', id: body.productId }]));
    return { review: answer.data.review, message: answer.message ?? REVIEW_MESSAGES.posted };
  };
}
