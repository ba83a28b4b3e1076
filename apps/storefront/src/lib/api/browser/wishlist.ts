import type { WishlistEntry, WishlistPage } from '@vastra/contracts';
import { storefrontApi, withMessage, type Answer } from './api';

/**
 * The wishlist calls of behaviour.md §7 Wishlist as RTK Query endpoints (the session cookie).
 * Every one needs a logged-in shopper; the thunks of the wishlist slice check that first and
 * hold the list (behaviour.md §3).
 */

/** One wish-listed product and size, as GET /wishlist/ids lists them (for the hearts). */
export type WishlistRef = { id: string; productId: string; variantId: string };

export const wishlistApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /wishlist?page&limit: one page, newest first, with the count of the whole list. */
    wishlistPage: build.query<Answer<WishlistPage>, { page: number; limit: number }>({
      query: ({ page, limit }) => ({
        path: `/wishlist?${new URLSearchParams({ page: String(page), limit: String(limit) })}`,
      }),
      transformResponse: withMessage<WishlistPage>,
      providesTags: ['Wishlist'],
    }),
    /** GET /wishlist/ids: every entry's id, product and size. */
    wishlistIds: build.query<WishlistRef[], void>({
      query: () => ({ path: '/wishlist/ids' }),
      transformResponse: (data: { entries?: WishlistRef[] } | undefined) => data?.entries ?? [],
      providesTags: ['Wishlist'],
    }),
    /** POST /wishlist/add; without a variant the API keeps the product's first size in stock. */
    addToWishlist: build.mutation<Answer<{ item: WishlistEntry }>, { productId: string; variantId?: string }>({
      query: (body) => ({ path: '/wishlist/add', method: 'POST', json: body }),
      transformResponse: withMessage<{ item: WishlistEntry }>,
      invalidatesTags: ['Wishlist'],
    }),
    /** DELETE /wishlist/{id}. */
    removeFromWishlist: build.mutation<Answer<unknown>, string>({
      query: (wishlistId) => ({ path: `/wishlist/${encodeURIComponent(wishlistId)}`, method: 'DELETE' }),
      transformResponse: withMessage<unknown>,
      invalidatesTags: ['Wishlist'],
    }),
  }),
});
