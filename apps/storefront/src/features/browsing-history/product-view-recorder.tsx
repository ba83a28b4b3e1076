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
import { useShopper } from '@/lib/shopper-context';
import {
  VISITED_PRODUCTS_COOKIE,
  addVisitedProduct,
  parseVisitedProducts,
  visitedProductEntry,
  visitedProductsCookie,
} from '@/lib/visited-products';

/**
 * RecordProductView's work (record-product-view.tsx), loaded just after the page: notes that a
 * product page was viewed (behaviour.md §3). The product goes to the front of the recently
 * viewed cookie, and onto the visited products cookie (with the guest id when logged
 * out, never a token) unless it is there already. Both cookies are written at once, so a
 * view followed at once by a navigation is kept; the session is the shopper context's, rendered
 * by the server. The cookie is the list (another tab may have added to it), and a logout
 * deletes it (features/auth/session.ts). Renders nothing.
 */
export function Recorder({ productId }: { productId: string }) {
  const { user } = useShopper();

  // Once per product shown: a login on this page is not a new view.
  const recordView = useEffectEvent(() => {
    const viewed = parseRecentlyViewed(readCookie(RECENTLY_VIEWED_COOKIE));
    writeCookie(recentlyViewedCookie(addRecentlyViewed(viewed, productId)));
    const visited = parseVisitedProducts(readCookie(VISITED_PRODUCTS_COOKIE));
    const isAuthenticated = user !== null;
    const entry = visitedProductEntry({
      productId,
      at: new Date(),
      isAuthenticated,
      guestId: isAuthenticated ? null : readGuestId(),
    });
    const next = addVisitedProduct(visited, entry);
    if (next.length !== visited.length) writeCookie(visitedProductsCookie(next));
  });
  useEffect(() => {
    recordView();
  }, [productId]);

  return null;
}
