import type { AddToCartBody, Cart } from '@vastra/contracts';
import type { ApiAnswer, BrowserApi } from './client';

/**
 * The cart calls of behaviour.md §7 Cart, one function per call, through the browser client. Each answers
 * `data.cart` (a `Cart`, money in rupees). The logged-in user's cart is found by the session;
 * a guest's by `guestId` (`guest_` + 25 characters), which guests must send and users need not.
 * Failures throw an ApiError with the server's message (e.g. the 409 "Only 3 left in stock for
 * this size.").
 */

type CartAnswer = Promise<ApiAnswer<{ cart: Cart }>>;

/** Only a guest sends its id; a logged-in caller's cart is the user's whatever the body says. */
const owner = (guestId: string | null) => (guestId ? { guestId } : {});

/** POST /cart/add: a quantity of one size (variant) of a product. */
export function postAddToCart(
  api: BrowserApi,
  body: Omit<AddToCartBody, 'guestId'>,
  guestId: string | null,
): CartAnswer {
  return api.request('/cart/add', { method: 'POST', json: { ...body, ...owner(guestId) } });
}

/** GET /cart: the logged-in user's cart, or a guest's by guestId; an empty cart (id null) when there is none yet. */
export function getCart(api: BrowserApi, guestId: string | null): CartAnswer {
  return api.request(guestId ? `/cart?guestId=${encodeURIComponent(guestId)}` : '/cart');
}

/** PUT /cart/items/{id}: sets a line's quantity (1 to 20, at most the stock). */
export function putCartItem(api: BrowserApi, itemId: string, quantity: number, guestId: string | null): CartAnswer {
  return api.request(`/cart/items/${encodeURIComponent(itemId)}`, {
    method: 'PUT',
    json: { quantity, ...owner(guestId) },
  });
}

/** DELETE /cart/items/{id}. */
export function deleteCartItem(api: BrowserApi, itemId: string, guestId: string | null): CartAnswer {
  return api.request(`/cart/items/${encodeURIComponent(itemId)}`, { method: 'DELETE', json: owner(guestId) });
}

/** POST /cart/merge (login required): the guest's lines join the user's cart; idempotent. */
export function postMergeCart(api: BrowserApi, guestId: string): CartAnswer {
  return api.request('/cart/merge', { method: 'POST', json: { guestId } });
}

/** DELETE /cart/clear: empties the caller's cart. */
export function deleteCart(api: BrowserApi, guestId: string | null): CartAnswer {
  return api.request('/cart/clear', { method: 'DELETE', json: owner(guestId) });
}
