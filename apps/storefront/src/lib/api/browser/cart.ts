import type { AddToCartBody, Cart } from '@vastra/contracts';
import { storefrontApi, withMessage, type Answer } from './api';

/**
 * The cart calls of behaviour.md §7 Cart as RTK Query endpoints. Each answers `data.cart` (a
 * `Cart`, money in rupees) with the envelope's message. The logged-in user's cart is found by
 * the session; a guest's by `guestId` (`guest_` + 25 characters), which guests must send and
 * users need not. A failure is an ApiFailure with the server's message (e.g. the 409 "Only 3
 * left in stock for this size."). The cart slice runs them and holds the cart (behaviour.md §3).
 */

type CartAnswer = Answer<{ cart: Cart }>;

/** Only a guest sends its id; a logged-in caller's cart is the user's whatever the body says. */
const owner = (guestId: string | null) => (guestId ? { guestId } : {});

/** A line of the cart, and whose cart it is. */
type LineCall = { itemId: string; guestId: string | null };

export const cartApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** POST /cart/add: a quantity of one size (variant) of a product. */
    addToCart: build.mutation<CartAnswer, { item: Omit<AddToCartBody, 'guestId'>; guestId: string | null }>({
      query: ({ item, guestId }) => ({ path: '/cart/add', method: 'POST', json: { ...item, ...owner(guestId) } }),
      transformResponse: withMessage<{ cart: Cart }>,
    }),
    /** GET /cart: the logged-in user's cart, or a guest's by guestId; an empty cart (id null) when there is none yet. */
    cart: build.query<CartAnswer, string | null>({
      query: (guestId) => ({ path: guestId ? `/cart?guestId=${encodeURIComponent(guestId)}` : '/cart' }),
      transformResponse: withMessage<{ cart: Cart }>,
    }),
    /** PUT /cart/items/{id}: sets a line's quantity (1 to 20, at most the stock). */
    updateCartItem: build.mutation<CartAnswer, LineCall & { quantity: number }>({
      query: ({ itemId, quantity, guestId }) => ({
        path: `/cart/items/${encodeURIComponent(itemId)}`,
        method: 'PUT',
        json: { quantity, ...owner(guestId) },
      }),
      transformResponse: withMessage<{ cart: Cart }>,
    }),
    /** DELETE /cart/items/{id}. */
    removeCartItem: build.mutation<CartAnswer, LineCall>({
      query: ({ itemId, guestId }) => ({
        path: `/cart/items/${encodeURIComponent(itemId)}`,
        method: 'DELETE',
        json: owner(guestId),
      }),
      transformResponse: withMessage<{ cart: Cart }>,
    }),
    /** POST /cart/merge (login required): the guest's lines join the user's cart; idempotent. */
    mergeCart: build.mutation<CartAnswer, string>({
      query: (guestId) => ({ path: '/cart/merge', method: 'POST', json: { guestId } }),
      transformResponse: withMessage<{ cart: Cart }>,
    }),
    /** DELETE /cart/clear: empties the caller's cart. */
    clearCart: build.mutation<CartAnswer, string | null>({
      query: (guestId) => ({ path: '/cart/clear', method: 'DELETE', json: owner(guestId) }),
      transformResponse: withMessage<{ cart: Cart }>,
    }),
  }),
});
