import { WISHLIST_MESSAGES, type WishlistEntry, type WishlistPage } from '@vastra/contracts';
import { MutationError, mutate, read } from './mutate';

/**
 * The wishlist calls of behaviour.md §7 Wishlist through the write helper (./mutate.ts: the
 * session cookie, the one 401 handler). Each needs a logged-in shopper: the caller says whether
 * there is one (the shopper context's user), and the checks of behaviour.md §5 answer before
 * any request. Failures throw MutationError with the API's message, else the call's behaviour.md §8 text.
 */

/** One page of the wishlist: its entries (newest first), the count of the whole list and the paging. */
export type WishlistPageRead = {
  items: WishlistEntry[];
  count: number;
  meta: { currentPage: number; totalPages: number; limit: number };
};

/**
 * GET /wishlist?page&limit. behaviour.md §5: logged out, an empty list and no request.
 * behaviour.md §8: the server's message first, else 'Error fetching wishlist items', or 'Failed to
 * fetch wishlist items' for an answer that came back without its success or its data.
 */
export async function readWishlistPage(
  apiUrl: string,
  { page, limit }: { page: number; limit: number },
  loggedIn: boolean,
): Promise<WishlistPageRead> {
  if (!loggedIn) return { items: [], count: 0, meta: { currentPage: 1, totalPages: 0, limit } };
  const path = `/wishlist?${new URLSearchParams({ page: String(page), limit: String(limit) })}`;
  let answer;
  try {
    answer = await read<WishlistPage>(apiUrl, path, { fallback: WISHLIST_MESSAGES.fetchError });
  } catch (error) {
    // An HTTP success whose envelope says success: false, with no message of its own.
    const notSuccess = error instanceof MutationError && error.status >= 200 && error.status < 300;
    if (notSuccess && error.message === WISHLIST_MESSAGES.fetchError) {
      throw new MutationError(WISHLIST_MESSAGES.fetchFailed, error.status);
    }
    throw error;
  }
  const data = answer.data;
  if (!data) throw new MutationError(answer.message ?? WISHLIST_MESSAGES.fetchFailed, 200);
  return { items: data.wishlist, count: data.count, meta: data.meta };
}

/**
 * POST /wishlist/add: a product, and a size (without one the API keeps the first size in
 * stock). Resolves to the entry and the API's message ('Added to wishlist', or 'Already in
 * your wishlist' with the entry the list already holds). Logged out, 'Authentication required'
 * without a request (behaviour.md §5); else the API's message or 'Failed to add to wishlist' (behaviour.md §8).
 */
export async function addWishlistEntry(
  apiUrl: string,
  body: { productId: string; variantId?: string },
  loggedIn: boolean,
): Promise<{ item: WishlistEntry; message: string }> {
  if (!loggedIn) throw new MutationError(WISHLIST_MESSAGES.authRequired, 0);
  const answer = await mutate<{ item: WishlistEntry }>(apiUrl, '/wishlist/add', {
    json: body,
    fallback: WISHLIST_MESSAGES.add,
  });
  const item = answer.data?.item;
  if (!item) throw new MutationError(answer.message ?? WISHLIST_MESSAGES.add, 200);
  return { item, message: answer.message ?? WISHLIST_MESSAGES.added };
}

/**
 * DELETE /wishlist/{id}: resolves to the API's message ('Removed from wishlist'). An empty id is
 * 'Invalid wishlist ID' and a logged-out shopper 'Authentication required', both without a
 * request (behaviour.md §5); else the API's message ('Wishlist item not found') or 'Failed to
 * remove item from wishlist' (behaviour.md §8).
 */
export async function removeWishlistEntry(apiUrl: string, wishlistId: string, loggedIn: boolean): Promise<string> {
  if (!wishlistId.trim()) throw new MutationError(WISHLIST_MESSAGES.invalidId, 0);
  if (!loggedIn) throw new MutationError(WISHLIST_MESSAGES.authRequired, 0);
  const answer = await mutate(apiUrl, `/wishlist/${encodeURIComponent(wishlistId)}`, {
    method: 'DELETE',
    fallback: WISHLIST_MESSAGES.remove,
  });
  return answer.message ?? WISHLIST_MESSAGES.removed;
}
