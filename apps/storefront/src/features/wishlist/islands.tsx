'use client';

import { storeIsland } from '@/lib/store/store-provider';

/** The /wishlist page (wishlist-page.tsx), loaded with the store. */
export const WishlistPage = storeIsland(
  () => import('./wishlist-page').then((module) => module.WishlistPage),
  <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
    <div aria-hidden="true" className="min-h-96" />
  </div>,
);
