import type { Cart, CartItem } from '@vastra/contracts';

/**
 * Rules about cart lines that the cart page and the checkout share (features do not import
 * each other): a line's picture, which lines an order would hold and whether the cart can be
 * checked out as it is.
 */

/** The picture of a line: the size's primary image, its first, the product's primary, its first. */
export function lineImage(item: CartItem): string | null {
  const { variant, product } = item;
  return (
    variant.images.find((i) => i.isPrimary)?.url ??
    variant.images[0]?.url ??
    product.primaryImage?.url ??
    product.images[0]?.url ??
    null
  );
}

/** Why checkout has to wait, or null when the cart can be checked out. */
export function checkoutBlockedBy(items: readonly CartItem[]): string | null {
  if (items.some((item) => item.isAvailable && item.exceedsStock)) {
    return 'Lower the quantities marked above to check out.';
  }
  if (!items.some((item) => item.isAvailable)) return 'None of these items can be bought now. Remove them to continue.';
  return null;
}

/** The lines an order would hold: those that can be bought now (the cart's total counts only these). */
export function orderableLines(cart: Cart | null): CartItem[] {
  return (cart?.items ?? []).filter((item) => item.isAvailable);
}
