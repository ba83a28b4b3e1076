'use client';

import { Suspense, lazy, type ReactNode } from 'react';
import type { WishlistPageData } from './wishlist-page-view';

const Island = lazy(() => import('./wishlist-page').then((module) => ({ default: module.WishlistPage })));

/**
 * The /wishlist page's entries (wishlist-page.tsx) over the server's view of them
 * (wishlist-page-view.tsx, its remove buttons disabled), which shows until the island's code is
 * there; the view costs the page no JavaScript, its code comes with the island's.
 */
export function WishlistPage({ view, props }: { view: ReactNode; props: { initial: WishlistPageData } }) {
  return (
    <Suspense fallback={view}>
      <Island {...props} />
    </Suspense>
  );
}
