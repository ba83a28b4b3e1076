/** The catalogue's messages (behaviour.md §8 Catalogue), word for word; see messages.ts. */
export const CATALOG_MESSAGES = {
  categories: 'Failed to fetch categories',
  collections: 'Failed to fetch collections',
  search: 'Failed to search products',
  productDetails: 'Failed to fetch product details',
  reviews: 'Failed to fetch reviews',
  postReview: 'Failed to post review',
  productNotFound: 'Product not found',
  categoryNotFound: 'Category not found',
  invalidCategoryId: 'Invalid category ID',
} as const;
