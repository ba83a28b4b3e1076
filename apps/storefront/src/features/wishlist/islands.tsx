'use client';

import { hydratedIslandOverView } from '@/lib/hydrated-island';

/**
 * The /wishlist page's entries (wishlist-page.tsx) over the server's view of them
 * (wishlist-page-view.tsx, its remove buttons disabled), which shows until the island's code is
 * there; the view costs the page no JavaScript, its code comes with the island's.
 */
export const WishlistPage = hydratedIslandOverView(() =>
  import('./wishlist-page').then((module) => module.WishlistPage),
);
