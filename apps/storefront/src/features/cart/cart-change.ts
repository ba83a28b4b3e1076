import { paiseToRupees, rupeesToPaise, type Cart } from '@vastra/contracts';

/** A change of one cart line on its way to the API: a new quantity, or null for Remove. */
export type LineChange = { itemId: string; quantity: number | null };

/**
 * The cart as it will be once `change` is made (the cart page shows it at once, useOptimistic,
 * until the API's answer replaces it): the line's quantity and totals, or the line gone, and
 * the cart's piece count and amounts again (exact, in paise; lines that cannot be bought are
 * not counted, as the API counts them). Delivery stays the API's until it answers. A change
 * already made, or of a line no longer there, leaves the cart as it is, so applying it again
 * over the answered cart changes nothing.
 */
export function withLineChange(cart: Cart | null, { itemId, quantity }: LineChange): Cart | null {
  if (!cart) return cart;
  const line = cart.items.find((item) => item.id === itemId);
  if (!line || line.quantity === quantity) return cart;
  const items =
    quantity === null
      ? cart.items.filter((item) => item.id !== itemId)
      : cart.items.map((item) =>
          item.id === itemId
            ? {
                ...item,
                quantity,
                lineTotal: paiseToRupees(rupeesToPaise(item.price) * quantity),
                lineMrpTotal: paiseToRupees(rupeesToPaise(item.variant.mrp) * quantity),
                exceedsStock: quantity > item.variant.stock,
              }
            : item,
        );
  const counted = items.filter((item) => item.isAvailable);
  const sum = (of: (item: (typeof items)[number]) => number) =>
    paiseToRupees(counted.reduce((total, item) => total + rupeesToPaise(of(item)), 0));
  return {
    ...cart,
    items,
    itemCount: items.reduce((n, item) => n + item.quantity, 0),
    totalAmount: sum((item) => item.lineTotal),
    totalMrp: sum((item) => item.lineMrpTotal),
  };
}
