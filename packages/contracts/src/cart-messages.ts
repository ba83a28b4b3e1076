/** Cart (behaviour.md §8 Cart), word for word; see messages.ts. */
export const CART_MESSAGES = {
  add: 'Failed to add item to cart',
  fetch: 'Failed to fetch cart items',
  update: 'Failed to update cart item',
  remove: 'Failed to remove item from cart',
  merge: 'Failed to migrate cart',
  clear: 'Failed to clear cart',
  context: 'Error retrieving cart',
  invalidGuestId: 'Invalid guest id. It must be guest_ followed by 25 lowercase letters or digits.',
  ownerRequired: 'Please log in or send your guest id to use a cart.',
  productRequired: 'Please choose a product.',
  variantRequired: 'Please select a size.',
  quantity: 'Quantity must be a whole number of 1 or more.',
  quantityTooLarge: 'You can add at most 20 of one size.',
  productUnavailable: 'This product is no longer available.',
  variantNotFound: 'That size is not available for this product.',
  outOfStock: 'This size is out of stock.',
  itemNotFound: 'Cart item not found',
  cartNotFound: 'Cart not found',
  added: 'Item added to cart',
  updated: 'Cart updated',
  removed: 'Item removed from cart',
  merged: 'Your cart has been merged',
  cleared: 'Cart cleared',
} as const;

/** 409 when a cart line would hold more than is in stock. */
export function onlyLeftInStock(available: number): string {
  return available <= 0 ? CART_MESSAGES.outOfStock : `Only ${available} left in stock for this size.`;
}
