'use client';

import type { ReactNode } from 'react';
import { hydratedIslandOverView } from '@/lib/hydrated-island';
import { lazyIsland } from '@/lib/lazy-island';
import type { CheckoutServerData } from './checkout-view';

// The checkout's controls (checkout-template.tsx), loaded after the page's own JavaScript.
const CheckoutContents = hydratedIslandOverView(() =>
  import('./checkout-template').then((module) => module.CheckoutContents),
);

/**
 * The checkout page (docs/architecture.md "Cart and checkout pages"): `serverView`, the
 * server's render of what it read as the shopper (ServerCheckoutView), its controls disabled,
 * in the HTML and until the page is hydrated and the controls' code is there; then
 * CheckoutContents, with the same markup, starting from the same data (`server`) and the
 * checkout kept in browser storage (restored before its first render), takes its place.
 */
export function CheckoutTemplate({ server, serverView }: { server: CheckoutServerData; serverView: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
      <CheckoutContents view={serverView} props={{ server }} />
    </div>
  );
}

export const ConfirmationTemplate = lazyIsland(
  () => import('./confirmation-template').then((module) => module.ConfirmationTemplate),
  <div aria-hidden="true" className="min-h-96" />,
);
