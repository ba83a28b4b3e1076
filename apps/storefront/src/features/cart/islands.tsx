'use client';

import type { Cart } from '@vastra/contracts';
import type { ReactNode } from 'react';
import { hydratedIslandOverView } from '@/lib/hydrated-island';

// The cart's controls (cart-template.tsx), loaded after the page's own JavaScript.
const CartContents = hydratedIslandOverView(() => import('./cart-template').then((module) => module.CartContents));

/**
 * The cart page (docs/architecture.md "Cart and checkout pages"): `serverView`, the server's
 * render of the cart (ServerCartView, its controls disabled), in the HTML and until the page
 * is hydrated and the controls' code is there; then CartContents, the same markup over the same
 * cart (`serverCart`), with its controls working, takes its place without moving the page.
 */
export function CartTemplate({ serverCart, serverView }: { serverCart?: Cart | null; serverView: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
      <CartContents view={serverView} props={{ serverCart }} />
    </div>
  );
}
