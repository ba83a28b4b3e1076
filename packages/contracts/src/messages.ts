/**
 * User-facing messages of the spec (§5, §8), word for word. The API answers with these and
 * the storefront shows them; never reword one in place.
 */
export const CATALOG_MESSAGES = {
  categories: 'Failed to fetch categories',
  collections: 'Failed to fetch collections',
  search: 'Failed to search products',
  productDetails: 'Failed to fetch product details',
  reviews: 'Failed to fetch reviews',
  postReview: 'Failed to post review',
  productNotFound: 'Product not found',
} as const;

export const GENERIC_MESSAGES = {
  fallback: 'Something went wrong. Please try again later.',
} as const;
