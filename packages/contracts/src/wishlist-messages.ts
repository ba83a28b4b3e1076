/** Wishlist (behaviour.md §5, §8 Wishlist) and the API's own wishlist answers. */
export const WISHLIST_MESSAGES = {
  fetchError: 'Error fetching wishlist items',
  fetchFailed: 'Failed to fetch wishlist items',
  add: 'Failed to add to wishlist',
  remove: 'Failed to remove item from wishlist',
  invalidId: 'Invalid wishlist ID',
  authRequired: 'Authentication required',
  accountBlocked: 'This account has been blocked. Please contact the store.',
  loginToView: 'Please login to view your wishlist',
  empty: 'Your wishlist is empty!',
  productRequired: 'Please choose a product.',
  variantInvalid: 'That size is not available for this product.',
  added: 'Added to wishlist',
  alreadyAdded: 'Already in your wishlist',
  removed: 'Removed from wishlist',
  notFound: 'Wishlist item not found',
  full: 'Your wishlist is full. Remove something to add more.',
} as const;
