'use client';

import { Suspense, lazy } from 'react';
import { PersistGate, storeIsland } from '@/lib/store/store-provider';
import type { CheckoutServerData } from './checkout-view';

// The checkout's markup with the server's data, in the first HTML; its code is a chunk of its
// own (shared with the island), not part of the page's first-load JavaScript, as the view is
// disabled until the island takes over anyway. (React streams it later in the same response,
// inside its Suspense boundary; its inline script shows it at the next frame.)
const ServerCheckoutView = lazy(() =>
  import('./checkout-view').then((module) => ({ default: module.ServerCheckoutView })),
);

// The store-backed checkout (checkout-template.tsx), loaded with the store.
const CheckoutContents = lazy(() =>
  import('./checkout-template').then((module) => ({ default: module.CheckoutContents })),
);

/**
 * The checkout page (docs/architecture.md "Cart and checkout pages"): what the server read as
 * the shopper rendered at once, its controls disabled, until the store and the island's code
 * are there; then the island, with the same markup, takes over.
 */
export function CheckoutTemplate({ server }: { server: CheckoutServerData }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
      <PersistGate
        fallback={
          <Suspense>
            <ServerCheckoutView server={server} />
          </Suspense>
        }
      >
        <CheckoutContents server={server} />
      </PersistGate>
    </div>
  );
}

/** The order confirmation (confirmation-template.tsx), loaded with the store. */
export const ConfirmationTemplate = storeIsland(
  () => import('./confirmation-template').then((module) => module.ConfirmationTemplate),
  <div aria-hidden="true" className="min-h-96" />,
);
