'use client';

import type { WishlistEntry } from '@vastra/contracts';
import { useEffect, useReducer, useRef, useState } from 'react';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { readPage, removeEntry } from './sidebar-calls';
import { initialWishlistState, pageAfterRemoval, wishlistReducer, type WishlistState } from './wishlist-state';

/** The wishlist sidebar: its state and what the shopper does to it. */
export type WishlistSidebarControl = {
  state: WishlistState;
  /** Opens the sidebar and reads the wishlist's first page again (behaviour.md §4). */
  open: () => void;
  /** The dialog closed (its button, the overlay, Escape or a link). */
  close: () => void;
  /** Removes an entry; resolves to whether it went (the toast says how it went). */
  remove: (entry: WishlistEntry) => Promise<boolean>;
};

/**
 * The wishlist sidebar's state (wishlist-state.ts) and its calls, without a store: opening
 * reads the first page (GET /wishlist through lib/api/browser/mutate.ts `read`); a removal
 * (DELETE /wishlist/{id}) updates the shopper context's refs (the header's count, the hearts),
 * reads the page again and clears deleteSuccess (behaviour.md §4 Wishlist sidebar). The state
 * follows the shopper context: its refs give the count, and another user (a logout) empties
 * it. It lives in the sidebar's island, loaded with the header button's first press.
 */
export function useWishlistSidebar(): WishlistSidebarControl {
  const { user, wishlistRefs, updateWishlistRefs } = useShopper();
  const { apiUrl } = usePublicConfig();
  const userId = user?.id ?? null;
  const [state, dispatch] = useReducer(wishlistReducer, wishlistRefs.length, (count) => ({
    ...initialWishlistState,
    count,
  }));

  // The shopper context changed (adjusted while rendering, not after).
  const [seen, setSeen] = useState({ userId, refs: wishlistRefs });
  if (seen.userId !== userId || seen.refs !== wishlistRefs) {
    setSeen({ userId, refs: wishlistRefs });
    if (seen.userId !== userId) dispatch({ type: 'shopperChanged' });
    dispatch({ type: 'refsCounted', count: wishlistRefs.length });
  }
  // Whom the sidebar is for now: an answer that comes after a logout is not theirs.
  const shopperNow = useRef(userId);
  useEffect(() => {
    shopperNow.current = userId;
  }, [userId]);

  const readAgain = async (paging: { page: number; limit: number }) => {
    const forShopper = userId;
    dispatch({ type: 'fetchStarted' });
    const outcome = await readPage(apiUrl, paging, forShopper !== null);
    if (shopperNow.current === forShopper) dispatch(outcome);
  };

  return {
    state,
    open: () => {
      dispatch({ type: 'opened' });
      void readAgain({ page: 1, limit: state.meta.limit });
    },
    close: () => dispatch({ type: 'closed' }),
    remove: async (entry) => {
      const forShopper = userId;
      dispatch({ type: 'deleteStarted' });
      const outcome = await removeEntry(apiUrl, entry.id, forShopper !== null);
      if (shopperNow.current !== forShopper) return false;
      dispatch(outcome);
      if (outcome.type !== 'deleted') return false;
      updateWishlistRefs((refs) => refs.filter((ref) => ref.id !== entry.id));
      await readAgain(pageAfterRemoval(wishlistReducer(state, outcome)));
      dispatch({ type: 'deleteSuccessCleared' });
      return true;
    },
  };
}
