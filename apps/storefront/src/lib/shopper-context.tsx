'use client';

import type { User } from '@vastra/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/** One wish-listed product and size (GET /wishlist/ids): the hearts and the header's count read these. */
export type WishlistRef = { id: string; productId: string; variantId: string };

/** Who the page is for, as the server rendered it: the logged-in user (null for a guest) and their wishlist's refs. */
export type ShopperSnapshot = { user: User | null; wishlistRefs: WishlistRef[] | null };

/** The shopper context: the snapshot as it is now in this tab, and its setters. */
export type ShopperContextValue = {
  user: User | null;
  /** Every wish-listed size of a logged-in shopper; empty for a guest. */
  wishlistRefs: WishlistRef[];
  setUser: (user: User | null) => void;
  /** Changes the refs from the current ones (an optimistic write settles through here). */
  updateWishlistRefs: (update: (refs: WishlistRef[]) => WishlistRef[]) => void;
};

const ShopperContext = createContext<ShopperContextValue | null>(null);

const NO_REFS: WishlistRef[] = [];

/**
 * The shopper as the root layout read them on the server (lib/api/server/shopper.ts): the
 * user and their wishlist refs, so the header's account menu, the wishlist count and every
 * heart render logged in from the first HTML, without a client fetch
 * (behaviour.md §4: fetching the current user logs the shopper in; a valid session cookie with
 * empty browser storage shows them logged in). A new server render (router.refresh() after a
 * login or logout) hands in a new snapshot, which replaces this tab's. `sessionEnded`: the
 * server's read of the session cookie was answered 401, which is a 401 like any other
 * (behaviour.md §4 Session expiry: the toast, logout, /auth/login; lib/session-expiry.ts).
 */
export function ShopperProvider({
  user,
  wishlistRefs,
  sessionEnded = false,
  children,
}: ShopperSnapshot & { sessionEnded?: boolean; children: ReactNode }) {
  useEffect(() => {
    if (sessionEnded) void import('./session-expiry').then(({ sessionExpired }) => sessionExpired());
  }, [sessionEnded]);
  const [server, setServer] = useState<ShopperSnapshot>({ user, wishlistRefs });
  const [current, setCurrent] = useState<ShopperSnapshot>({ user, wishlistRefs });
  // A new server render wins (adjusted while rendering, not after).
  if (server.user !== user || server.wishlistRefs !== wishlistRefs) {
    setServer({ user, wishlistRefs });
    setCurrent({ user, wishlistRefs });
  }
  const setUser = useCallback(
    (next: User | null) =>
      setCurrent((now) =>
        JSON.stringify(now.user) === JSON.stringify(next)
          ? now
          : { user: next, wishlistRefs: next ? now.wishlistRefs : null },
      ),
    [],
  );
  const updateWishlistRefs = useCallback(
    (update: (refs: WishlistRef[]) => WishlistRef[]) =>
      setCurrent((now) => {
        if (!now.user) return now;
        const next = update(now.wishlistRefs ?? NO_REFS);
        return JSON.stringify(next) === JSON.stringify(now.wishlistRefs) ? now : { ...now, wishlistRefs: next };
      }),
    [],
  );
  const value = useMemo(
    () => ({
      user: current.user,
      wishlistRefs: current.user ? (current.wishlistRefs ?? NO_REFS) : NO_REFS,
      setUser,
      updateWishlistRefs,
    }),
    [current, setUser, updateWishlistRefs],
  );
  return <ShopperContext.Provider value={value}>{children}</ShopperContext.Provider>;
}

/** The shopper of this tab (the user, null for a guest, and the wishlist refs). */
export function useShopper(): ShopperContextValue {
  const value = useContext(ShopperContext);
  if (!value) throw new Error('useShopper must be used inside ShopperProvider');
  return value;
}
