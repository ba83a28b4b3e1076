import 'server-only';
import {
  CATALOG_MESSAGES,
  REVIEWS_DEFAULT_LIMIT,
  REVIEWS_DEFAULT_PAGE,
  reviewsPageSchema,
  type ReviewsPage,
} from '@vastra/contracts';
import { apiGet, checked, toQueryString } from './client';

/**
 * The first page of a product's reviews for the server-rendered product page (the reviews are
 * in its HTML for search engines). Never cached: a shopper who has just posted a review and
 * reloads must see it. Null when the call fails; the page's reviews section then loads them
 * in the browser and says so if that fails too.
 */
export async function getFirstReviewsPage(productId: string): Promise<ReviewsPage | null> {
  try {
    const data = await apiGet(
      `/reviews/product/${encodeURIComponent(productId)}${toQueryString({ page: REVIEWS_DEFAULT_PAGE, limit: REVIEWS_DEFAULT_LIMIT })}`,
      { revalidate: 0, fallbackMessage: CATALOG_MESSAGES.reviews },
    );
    return checked(reviewsPageSchema, data, 'reviews/product/{id}');
  } catch {
    return null;
  }
}
