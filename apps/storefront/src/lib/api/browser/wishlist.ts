import type { WishlistEntry, WishlistPage } from '@vastra/contracts';
import type { ApiAnswer, BrowserApi } from './client';

/**
 * The wishlist calls of behaviour.md §7 Wishlist, through the browser client (the session cookie). Every
 * one needs a logged-in shopper; the thunks of the wishlist slice check that first.
 */

/** One wish-listed product and size, as GET /wishlist/ids lists them (for the hearts). */
export type WishlistRef = { id: string; productId: string; variantId: string };

/** GET /wishlist?page&limit: one page, newest first, with the count of the whole list. */
export function getWishlist(api: BrowserApi, page: number, limit: number): Promise<ApiAnswer<WishlistPage>> {
  return api.request(`/wishlist?${new URLSearchParams({ page: String(page), limit: String(limit) })}`);
}

/** GET /wishlist/ids: every entry's id, product and size. */
export function getWishlistIds(api: BrowserApi): Promise<ApiAnswer<{ entries: WishlistRef[] }>> {
  return api.request('/wishlist/ids');
}

/** POST /wishlist/add; without a variant the API keeps the product's first size in stock. */
export function postWishlistAdd(
  api: BrowserApi,
  body: { productId: string; variantId?: string },
): Promise<ApiAnswer<{ item: WishlistEntry }>> {
  return api.request('/wishlist/add', { method: 'POST', json: body });
}

export function deleteWishlistEntry(api: BrowserApi, wishlistId: string): Promise<ApiAnswer<unknown>> {
  return api.request(`/wishlist/${encodeURIComponent(wishlistId)}`, { method: 'DELETE' });
}
