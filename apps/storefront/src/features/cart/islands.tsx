'use client';

import type { Cart } from '@vastra/contracts';
import { lazy, type ReactNode } from 'react';
import { PersistGate } from '@/lib/store/store-provider';

// The store-backed cart (cart-template.tsx), loaded with the store.
const CartContents = lazy(() => import('./cart-template').then((module) => ({ default: module.CartContents })));

/**
 * The cart page (docs/architecture.md "Cart and checkout pages"): `serverView`, the server's
 * render of the cart (ServerCartView), until the store and the island's code are there; then
 * the island, with the same markup, takes over. `serverCart` as useServerCart describes it.
 */
export function CartTemplate({ serverCart, serverView }: { serverCart?: Cart | null; serverView: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
      <PersistGate fallback={serverView}>
        <CartContents serverCart={serverCart} />
      </PersistGate>
    </div>
  );
}
