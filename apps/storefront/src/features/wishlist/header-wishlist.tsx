'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { HeartIcon } from '@/components/ui/icons';
import { lazyIsland } from '@/lib/lazy-island';
import { useShopper } from '@/lib/shopper-context';
import { useHydrated } from '@/lib/use-hydrated';

// The sidebar, its state and its calls load on the first click, not with the page.
const Sidebar = lazyIsland(() => import('./wishlist-sidebar-island').then((module) => module.WishlistSidebarIsland));

/**
 * The header's wishlist button, a heart with the count, and the sidebar it opens
 * (behaviour.md §2, §4: opening reads the wishlist again). The count comes from the shopper
 * context, rendered by the server (lib/shopper-context.tsx), so it is in the first HTML and
 * follows every heart. Each press opens the sidebar (wishlist-sidebar-island.tsx), which says
 * whether it is open. Disabled until hydrated, so a click is never lost.
 */
export function HeaderWishlist() {
  const { user, wishlistRefs } = useShopper();
  const count = user ? wishlistRefs.length : 0;
  const hydrated = useHydrated();
  const t = useTranslations('wishlist');
  const [presses, setPresses] = useState(0);
  const [isOpen, setOpen] = useState(false);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        disabled={!hydrated}
        onClick={() => setPresses((n) => n + 1)}
        className="relative grid size-10 place-items-center rounded-md text-stone-800 hover:bg-stone-100 hover:text-brand-700"
      >
        <HeartIcon width={22} height={22} />
        <span className="sr-only">{count > 0 ? t('headerCount', { count }) : t('header')}</span>
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
      {presses > 0 && <Sidebar presses={presses} onOpenChange={setOpen} />}
    </>
  );
}
