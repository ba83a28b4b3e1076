'use client';

import { storeIsland } from '@/lib/store/store-provider';

/** The checkout page (checkout-template.tsx), loaded with the store; its heading holds the page until then. */
export const CheckoutTemplate = storeIsland(
  () => import('./checkout-template').then((module) => module.CheckoutTemplate),
  <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
    <h1 className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl">Checkout</h1>
    {/* A screen's height, so the footer does not jump when the page arrives. */}
    <div aria-hidden="true" className="min-h-dvh" />
  </div>,
);

/** The order confirmation (confirmation-template.tsx), loaded with the store. */
export const ConfirmationTemplate = storeIsland(
  () => import('./confirmation-template').then((module) => module.ConfirmationTemplate),
  <div aria-hidden="true" className="min-h-96" />,
);
