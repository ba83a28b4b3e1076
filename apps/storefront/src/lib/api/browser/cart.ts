import { CART_MESSAGES, type AddToCartBody, type Cart } from '@vastra/contracts';
import { MutationError, mutate, read } from './mutate';

/**
 * The cart calls of behaviour.md §7 Cart through the write helper (mutate.ts).
 * Each resolves to the API's `Cart` (money in rupees) and the message to say, or throws
 * MutationError with the API's message (the 409 "Only 3 left in stock for this size.") or the
 * call's behaviour.md §8 text. The logged-in user's cart is found by the session; a guest's by
 * `guestId` (`guest_` + 25 characters), which guests must send and users need not. The caller
 * publishes the cart (lib/cart-channel.ts), so the header and the other tabs follow.
 */

/** A cart call's answer: the cart, and what to say about it (the API's message, else the call's own). */
export type CartAnswer = { cart: Cart; message: string };

/** Only a guest sends its id; a logged-in caller's cart is the user's whatever the body says. */
const owner = (guestId: string | null) => (guestId ? { guestId } : {});

/** The answer's cart, or the call's failure text when the API answered without one. */
function cartOf(answer: { data: { cart?: Cart } | undefined; message: string | undefined }, texts: Texts): CartAnswer {
  if (!answer.data?.cart) throw new MutationError(texts.failed, 200);
  return { cart: answer.data.cart, message: answer.message ?? texts.done };
}

type Texts = { failed: string; done: string };

/** POST /cart/add: a quantity of one size (variant) of a product. */
export async function addCartLine(
  apiUrl: string,
  item: Omit<AddToCartBody, 'guestId'>,
  guestId: string | null,
): Promise<CartAnswer> {
  const answer = await mutate<{ cart?: Cart }>(apiUrl, '/cart/add', {
    json: { ...item, ...owner(guestId) },
    fallback: CART_MESSAGES.add,
  });
  return cartOf(answer, { failed: CART_MESSAGES.add, done: CART_MESSAGES.added });
}

/** PUT /cart/items/{id}: sets a line's quantity (1 to 20, at most the stock). */
export async function setCartLineQuantity(
  apiUrl: string,
  { itemId, quantity }: { itemId: string; quantity: number },
  guestId: string | null,
): Promise<CartAnswer> {
  const answer = await mutate<{ cart?: Cart }>(apiUrl, `/cart/items/${encodeURIComponent(itemId)}`, {
    method: 'PUT',
    json: { quantity, ...owner(guestId) },
    fallback: CART_MESSAGES.update,
  });
  return cartOf(answer, { failed: CART_MESSAGES.update, done: CART_MESSAGES.updated });
}

/** DELETE /cart/items/{id}. */
export async function removeCartLine(apiUrl: string, itemId: string, guestId: string | null): Promise<CartAnswer> {
  const answer = await mutate<{ cart?: Cart }>(apiUrl, `/cart/items/${encodeURIComponent(itemId)}`, {
    method: 'DELETE',
    json: owner(guestId),
    fallback: CART_MESSAGES.remove,
  });
  return cartOf(answer, { failed: CART_MESSAGES.remove, done: CART_MESSAGES.removed });
}

/**
 * GET /cart: the caller's cart as the API has it now (prices and stock as they are); an empty
 * cart (id null) when there is none yet. behaviour.md §8: 'Failed to fetch cart items' when it fails.
 */
export async function readCart(apiUrl: string, guestId: string | null): Promise<CartAnswer> {
  const path = guestId ? `/cart?guestId=${encodeURIComponent(guestId)}` : '/cart';
  const answer = await read<{ cart?: Cart }>(apiUrl, path, { fallback: CART_MESSAGES.fetch });
  return cartOf(answer, { failed: CART_MESSAGES.fetch, done: '' });
}
