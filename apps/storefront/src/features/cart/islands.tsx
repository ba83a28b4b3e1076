'use client';

import { storeIsland } from '@/lib/store/store-provider';

/** The cart page (cart-template.tsx), loaded with the store; its heading holds the page until then. */
export const CartTemplate = storeIsland(
  () => import('./cart-template').then((module) => module.CartTemplate),
  <div className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:pt-8">
    <h1 className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl">Shopping cart</h1>
    {/* A screen's height, so the footer does not jump when the page arrives. */}
    <div aria-hidden="true" className="min-h-dvh" />
  </div>,
);
