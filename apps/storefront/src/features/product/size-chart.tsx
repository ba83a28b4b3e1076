'use client';

import { storeIsland } from '@/lib/store/store-provider';

/**
 * The size picker's "Size chart" button and dialog (docs/shopper-features.md "Size charts and
 * fit"): a client island, as the chart is read through the store's RTK Query cache; nothing
 * shows until the store is there and the product's chart has loaded.
 */
export const SizeChartButton = storeIsland(() =>
  import('./size-chart-dialog').then((module) => module.SizeChartLoaded),
);
