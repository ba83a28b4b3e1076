'use client';

import { useEffect, useEffectEvent } from 'react';
import { readCookie, writeCookie } from '@/lib/browser-cookies';
import { readGuestId } from '@/lib/guest-id';
import {
  RECENTLY_VIEWED_COOKIE,
  addRecentlyViewed,
  parseRecentlyViewed,
  recentlyViewedCookie,
  type RecentlyViewedProduct,
} from '@/lib/recently-viewed';
import { visitedProductsChanged } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { PersistGate } from '@/lib/store/store-provider';
import {
  VISITED_PRODUCTS_COOKIE,
  addVisitedProduct,
  parseVisitedProducts,
  visitedProductEntry,
} from '@/lib/visited-products';

/**
 * Notes that a product page was viewed (behaviour.md §3): the product goes to the front of the recently
 * viewed cookie, and onto the visited products list (with the guest id when logged out, never
 * a token) unless it is there already. It waits for the restored session so the entry is the
 * right one's. Renders nothing.
 */
export function RecordProductView({ product }: { product: RecentlyViewedProduct }) {
  return (
    <PersistGate>
      <Recorder product={product} />
    </PersistGate>
  );
}

function Recorder({ product }: { product: RecentlyViewedProduct }) {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);

  // Once per product shown: a login on this page reads the new state but is not a new view.
  const recordView = useEffectEvent(() => {
    const viewed = parseRecentlyViewed(readCookie(RECENTLY_VIEWED_COOKIE));
    writeCookie(recentlyViewedCookie(addRecentlyViewed(viewed, product)));
    // The cookie, not this tab's state, is the list: another tab may have added to it.
    const visited = parseVisitedProducts(readCookie(VISITED_PRODUCTS_COOKIE));
    const entry = visitedProductEntry({
      productId: product.id,
      at: new Date(),
      isAuthenticated,
      guestId: isAuthenticated ? null : readGuestId(),
    });
    dispatch(visitedProductsChanged(addVisitedProduct(visited, entry)));
  });
  useEffect(() => {
    recordView();
  }, [product.id]);

  return null;
}
