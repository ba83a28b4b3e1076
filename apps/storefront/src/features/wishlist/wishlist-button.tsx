'use client';

import { useEffect } from 'react';
import { HeartIcon } from '@/components/ui/icons';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { fetchWishlistRefs, openWishlist } from '@/lib/store/wishlist-slice';
import { WishlistSidebar } from './wishlist-sidebar';

/**
 * The header's wishlist button (a heart with the count) and the sidebar it opens (behaviour.md §2). It
 * reads which products are wish-listed once the store is restored, and again after each
 * login, so every heart on the page shows it.
 */
export function WishlistHeader() {
  return (
    <>
      <WishlistButton />
      <WishlistSidebar />
    </>
  );
}

function WishlistButton() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const count = useAppSelector((state) => (state.auth.isAuthenticated ? state.wishlist.count : 0));
  const isOpen = useAppSelector((state) => state.wishlist.isOpen);

  useEffect(() => {
    if (isAuthenticated) void dispatch(fetchWishlistRefs());
  }, [isAuthenticated, dispatch]);

  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={isOpen}
      onClick={() => void dispatch(openWishlist())}
      className="relative grid size-10 place-items-center rounded-md text-stone-800 hover:bg-stone-100 hover:text-brand-700"
    >
      <HeartIcon width={22} height={22} />
      <span className="sr-only">Wishlist{count > 0 ? ` (${count})` : ''}</span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="wishlist-count"
          className="absolute top-0.5 right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-brand-700 px-1 text-[0.6875rem] leading-none font-bold text-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}
