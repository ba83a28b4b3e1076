import { WISHLIST_PAGE_SIZE, type WishlistEntry } from '@vastra/contracts';

export type WishlistMeta = { currentPage: number; totalPages: number; limit: number };

/**
 * The wishlist sidebar's state (behaviour.md §3, §4 Wishlist sidebar): one page of entries
 * (`items`, newest first), the count of the whole list, paging, whether the sidebar is open, and
 * the last call's outcome. The hearts and the header's count read the shopper context's refs
 * (lib/shopper-context.tsx), not this.
 */
export type WishlistState = {
  items: WishlistEntry[];
  count: number;
  loading: boolean;
  error: string | null;
  message: string | null;
  isOpen: boolean;
  deleteSuccess: boolean;
  meta: WishlistMeta;
};

export const initialWishlistState: WishlistState = {
  items: [],
  count: 0,
  loading: false,
  error: null,
  message: null,
  isOpen: false,
  deleteSuccess: false,
  meta: { currentPage: 1, totalPages: 0, limit: WISHLIST_PAGE_SIZE },
};

/** What happens to the sidebar's wishlist: the button, the calls' outcomes and the shopper context's changes. */
export type WishlistEvent =
  | { type: 'opened' }
  | { type: 'closed' }
  | { type: 'fetchStarted' }
  /** A page read (GET /wishlist): its entries, the count of the whole list and its paging. */
  | { type: 'fetched'; items: WishlistEntry[]; count: number; meta: WishlistMeta }
  | { type: 'fetchFailed'; error: string }
  /** POST /wishlist/add answered with the entry ('Added to wishlist' or 'Already in your wishlist'). */
  | { type: 'added'; item: WishlistEntry; message: string }
  | { type: 'deleteStarted' }
  | { type: 'deleted'; wishlistId: string; message: string }
  | { type: 'deleteFailed'; error: string }
  | { type: 'deleteSuccessCleared' }
  /** The shopper context's refs changed (the server's, a heart's): their number is the whole list's count. */
  | { type: 'refsCounted'; count: number }
  /** The shopper context's user changed (a logout): the sidebar forgets the wishlist. */
  | { type: 'shopperChanged' };

/** The sidebar's state transitions (behaviour.md §4 Wishlist sidebar), pure. */
export function wishlistReducer(state: WishlistState, event: WishlistEvent): WishlistState {
  switch (event.type) {
    case 'opened':
      return { ...state, isOpen: true };
    case 'closed':
      return { ...state, isOpen: false };
    case 'fetchStarted':
      return { ...state, loading: true, error: null };
    case 'fetched':
      // behaviour.md §4: a successful read with no items is an empty list, count 0, totalPages 0.
      if (event.items.length === 0 && event.meta.currentPage <= 1) {
        return {
          ...state,
          loading: false,
          items: [],
          count: 0,
          meta: { ...event.meta, currentPage: 1, totalPages: 0 },
        };
      }
      return { ...state, loading: false, items: event.items, count: event.count, meta: event.meta };
    case 'fetchFailed':
      return { ...state, loading: false, error: event.error };
    case 'added':
      // 'Already in your wishlist' answers with the entry the list already holds.
      if (state.items.some((entry) => entry.id === event.item.id)) return { ...state, message: event.message };
      // behaviour.md §4: adding appends the entry and raises count by 1.
      return { ...state, message: event.message, items: [...state.items, event.item], count: state.count + 1 };
    case 'deleteStarted':
      return { ...state, error: null, message: null, deleteSuccess: false };
    case 'deleted': {
      // behaviour.md §4: removing filters out by id and lowers count, never below 0.
      const items = state.items.filter((entry) => entry.id !== event.wishlistId);
      const count = items.length < state.items.length ? Math.max(0, state.count - 1) : state.count;
      return { ...state, items, count, message: event.message, deleteSuccess: true };
    }
    case 'deleteFailed':
      return { ...state, error: event.error };
    case 'deleteSuccessCleared':
      return { ...state, deleteSuccess: false };
    case 'refsCounted':
      return state.count === event.count ? state : { ...state, count: event.count };
    case 'shopperChanged':
      // behaviour.md §4 Logout: the wishlist empties and its paging resets.
      return initialWishlistState;
  }
}

/**
 * The page to read again after a removal: the current one, unless the removal emptied it and
 * it was past the last page now (then the new last page, at least 1).
 */
export function pageAfterRemoval(state: WishlistState): { page: number; limit: number } {
  const lastPage = Math.max(1, Math.ceil(state.count / state.meta.limit));
  return { page: Math.min(state.meta.currentPage, lastPage), limit: state.meta.limit };
}
