'use client';

import { useState } from 'react';
import { HeartIcon } from '@/components/ui/icons';
import { lazyIsland } from '@/lib/lazy-island';
import { useShopper } from '@/lib/shopper-context';
import { useHydrated } from '@/lib/use-hydrated';
import { useWishlistSidebar } from './use-wishlist-sidebar';

// The sidebar's markup loads with the first click, not with the page.
const Sidebar = lazyIsland(() => import('./wishlist-sidebar').then((module) => module.WishlistSidebar));

/**
 * The header's wishlist button, a heart with the count, and the sidebar it opens
 * (behaviour.md §2, §4: opening reads the wishlist again). The count comes from the shopper
 * context, rendered by the server (lib/shopper-context.tsx), so it is in the first HTML and
 * follows every heart. The sidebar's state is here (use-wishlist-sidebar.ts), its markup loads
 * on the first click. Disabled until hydrated, so a click is never lost.
 */
export function HeaderWishlist() {
  const { user, wishlistRefs } = useShopper();
  const count = user ? wishlistRefs.length : 0;
  const hydrated = useHydrated();
  const sidebar = useWishlistSidebar();
  const [wanted, setWanted] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={sidebar.state.isOpen}
        disabled={!hydrated}
        onClick={() => {
          setWanted(true);
          sidebar.open();
        }}
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
      {wanted && (
        <Sidebar state={sidebar.state} loggedIn={user !== null} onClosed={sidebar.close} onRemove={sidebar.remove} />
      )}
    </>
  );
}
