'use client';

import type { Cart } from '@vastra/contracts';
import { Suspense, lazy } from 'react';
import { PersistGate } from '@/lib/store/store-provider';

// The cart's markup with the server's data, in the first HTML; its code is a chunk of its own
// (shared with the island), not part of the page's first-load JavaScript, as the view is
// disabled until the island takes over anyway. (React streams it later in the same response,
// inside its Suspense boundary; its inline script shows it at the next frame.)
const ServerCartView = lazy(() => import('./cart-view').then((module) => ({ default: module.ServerCartView })));

// The store-backed cart (cart-template.tsx), loaded with the store.
const CartContents = lazy(() => import('./cart-template').then((module) => ({ default: module.CartContents })));

/**
 * The cart page (docs/architecture.md "Cart and checkout pages"): the server's cart rendered at
 * once, its controls disabled, until the store and the island's code are there; then the
 * island, with the same markup, takes over. `serverCart` as useServerCart describes it.
 */
export function CartTemplate({ serverCart }: { serverCart?: Cart | null }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
      <PersistGate
        fallback={
          <Suspense>
            <ServerCartView cart={serverCart} />
          </Suspense>
        }
      >
        <CartContents serverCart={serverCart} />
      </PersistGate>
    </div>
  );
}
