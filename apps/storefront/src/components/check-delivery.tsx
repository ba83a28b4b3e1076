'use client';

import { lazyIsland } from '@/lib/lazy-island';

/**
 * "Check delivery" (docs/shopper-features.md "Delivery by pincode") as a lazy island: its code
 * loads after the page (the store only with the first estimate asked for), so the product page's first-load
 * JavaScript stays in its budget (docs/performance.md); the fallback keeps its height meanwhile.
 */
export const CheckDelivery = lazyIsland(
  () => import('./check-delivery-form').then((module) => module.CheckDeliveryForm),
  <div className="mt-6 min-h-[6.5rem]" aria-hidden="true" />,
);
