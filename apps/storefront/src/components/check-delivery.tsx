'use client';

import { storeIsland } from '@/lib/store/store-provider';

/**
 * "Check delivery" (docs/shopper-features.md "Delivery by pincode") as a lazy island: its code
 * loads with the store, after the page is interactive, so the product page's first-load
 * JavaScript stays in its budget (docs/performance.md); the fallback keeps its height meanwhile.
 */
export const CheckDelivery = storeIsland(
  () => import('./check-delivery-form').then((module) => module.CheckDeliveryForm),
  <div className="mt-6 min-h-[6.5rem]" aria-hidden="true" />,
);
