'use client';

import { useEffect, useEffectEvent } from 'react';
import { readCookie, writeCookie } from '@/lib/browser-cookies';
import { readGuestId } from '@/lib/guest-id';
import {
  RECENTLY_VIEWED_COOKIE,
  addRecentlyViewed,
  parseRecentlyViewed,
  recentlyViewedCookie,
} from '@/lib/recently-viewed';
import { visitedProductsChanged } from '@/lib/store/auth-slice';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import {
  VISITED_PRODUCTS_COOKIE,
  addVisitedProduct,
  parseVisitedProducts,
  visitedProductEntry,
} from '@/lib/visited-products';

/** RecordProductView's work (record-product-view.tsx), loaded with the store. */
export function Recorder({ productId }: { productId: string }) {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);

  // Once per product shown: a login on this page reads the new state but is not a new view.
  const recordView = useEffectEvent(() => {
    const viewed = parseRecentlyViewed(readCookie(RECENTLY_VIEWED_COOKIE));
    writeCookie(recentlyViewedCookie(addRecentlyViewed(viewed, productId)));
    // The cookie, not this tab's state, is the list: another tab may have added to it.
    const visited = parseVisitedProducts(readCookie(VISITED_PRODUCTS_COOKIE));
    const entry = visitedProductEntry({
      productId,
      at: new Date(),
      isAuthenticated,
      guestId: isAuthenticated ? null : readGuestId(),
    });
    dispatch(visitedProductsChanged(addVisitedProduct(visited, entry)));
  });
  useEffect(() => {
    recordView();
  }, [productId]);

  return null;
}
