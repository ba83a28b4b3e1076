'use client';

import { lazyIsland } from '@/lib/lazy-island';

/**
 * The size picker's "Size chart" button and dialog (docs/shopper-features.md "Size charts and
 * fit"): a client island that reads the chart after the page (no store); nothing
 * shows until the product's chart has loaded.
 */
export const SizeChartButton = lazyIsland(() => import('./size-chart-dialog').then((module) => module.SizeChartLoaded));
