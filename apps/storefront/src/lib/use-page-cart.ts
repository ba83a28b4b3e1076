'use client';

import type { Cart } from '@vastra/contracts';
import { useEffect, useState } from 'react';
import { adoptServerCart, storedCart, subscribeCart } from './cart-channel';
import { newerCart } from './cart-storage';

/**
 * The cart a page's client component shows (the cart page, the checkout), given `serverCart`,
 * the cart the page's server read as the shopper: null when it knew of none, undefined when it
 * could not read it (then the stored cart, as the header shows it). The server's cart is
 * published (adoptServerCart: a later state of the same cart already stored is kept instead),
 * so the header and the other tabs follow, and shown from the first render, so the component
 * renders the server's HTML; from the first cart published after (a change made on the page or
 * in another tab, a login, a logout, the stored cart kept) that cart is shown. Browser only:
 * for components that render after hydration.
 */
export function usePageCart(serverCart: Cart | null | undefined): Cart | null {
  const [atMount] = useState(() => {
    const stored = storedCart();
    if (serverCart === undefined) return stored;
    return serverCart && newerCart(stored, serverCart);
  });
  const [published, setPublished] = useState<{ cart: Cart | null } | null>(null);
  useEffect(() => subscribeCart((cart) => setPublished({ cart })), []);
  useEffect(() => {
    if (serverCart) adoptServerCart(serverCart);
  }, [serverCart]);
  return published ? published.cart : atMount;
}
