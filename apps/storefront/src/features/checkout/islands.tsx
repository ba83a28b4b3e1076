'use client';

import { lazy, type ReactNode } from 'react';
import { PersistGate, storeIsland } from '@/lib/store/store-provider';
import type { CheckoutServerData } from './checkout-view';

// The store-backed checkout (checkout-template.tsx), loaded with the store.
const CheckoutContents = lazy(() =>
  import('./checkout-template').then((module) => ({ default: module.CheckoutContents })),
);

/**
 * The checkout page (docs/architecture.md "Cart and checkout pages"): `serverView`, the
 * server's render of what it read as the shopper (ServerCheckoutView), its controls disabled,
 * until the store and the island's code are there; then the island, with the same markup and
 * starting from the same data (`server`), takes over.
 */
export function CheckoutTemplate({ server, serverView }: { server: CheckoutServerData; serverView: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
      <PersistGate fallback={serverView}>
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
