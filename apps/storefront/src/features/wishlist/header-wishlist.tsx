'use client';

import { storeIsland } from '@/lib/store/store-provider';

/**
 * The header's wishlist button and sidebar (behaviour.md §2), once the store is loaded and
 * restored; an empty box of the same size until then and in server HTML.
 */
export const HeaderWishlist = storeIsland(
  () => import('./wishlist-button').then((module) => module.WishlistHeader),
  <span aria-hidden="true" className="block size-10" />,
);
