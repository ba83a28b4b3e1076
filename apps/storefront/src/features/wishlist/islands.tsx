'use client';

import { storeIslandOverView } from '@/lib/store/island-with-view';

/** The /wishlist page's entries (wishlist-page.tsx) over the server's view of them (wishlist-page-view.tsx). */
export const WishlistPage = storeIslandOverView(() => import('./wishlist-page').then((module) => module.WishlistPage));
