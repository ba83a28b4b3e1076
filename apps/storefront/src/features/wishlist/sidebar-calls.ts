import { WISHLIST_MESSAGES } from '@vastra/contracts';
import toast from 'react-hot-toast';
import { MutationError } from '@/lib/api/browser/mutate';
import { readWishlistPage, removeWishlistEntry } from '@/lib/api/browser/wishlist';
import type { WishlistEvent } from './wishlist-state';

/**
 * The wishlist sidebar's calls (use-wishlist-sidebar.ts); each resolves to the event its
 * outcome is for the sidebar's state (wishlist-state.ts).
 */

/**
 * Reads one page of the wishlist (behaviour.md §5: logged out, an empty list without a request):
 * `fetched`, or `fetchFailed` with the API's message or behaviour.md §8's 'Error fetching
 * wishlist items' / 'Failed to fetch wishlist items'.
 */
export async function readPage(
  apiUrl: string,
  paging: { page: number; limit: number },
  loggedIn: boolean,
): Promise<WishlistEvent> {
  try {
    return { type: 'fetched', ...(await readWishlistPage(apiUrl, paging, loggedIn)) };
  } catch (error) {
    return {
      type: 'fetchFailed',
      error: error instanceof MutationError ? error.message : WISHLIST_MESSAGES.fetchError,
    };
  }
}

/**
 * Removes one entry and says so in a toast: `deleted` with the API's message ('Removed from
 * wishlist'), or `deleteFailed` with 'Invalid wishlist ID' / 'Authentication required'
 * (behaviour.md §5), the API's message or 'Failed to remove item from wishlist' (behaviour.md §8).
 */
export async function removeEntry(apiUrl: string, wishlistId: string, loggedIn: boolean): Promise<WishlistEvent> {
  try {
    const message = await removeWishlistEntry(apiUrl, wishlistId, loggedIn);
    toast.success(message);
    return { type: 'deleted', wishlistId, message };
  } catch (error) {
    const message = error instanceof MutationError ? error.message : WISHLIST_MESSAGES.remove;
    toast.error(message);
    return { type: 'deleteFailed', error: message };
  }
}
