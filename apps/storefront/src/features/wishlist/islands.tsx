'use client';

import { storeIslandWithView } from '@/lib/store/island-with-view';
import { WishlistStatic } from './wishlist-page-view';

/** The /wishlist page's entries (wishlist-page.tsx): the server's page, its remove buttons disabled until the store is there. */
export const WishlistPage = storeIslandWithView(
  () => import('./wishlist-page').then((module) => module.WishlistPage),
  WishlistStatic,
);
