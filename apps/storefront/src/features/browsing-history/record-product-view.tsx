'use client';

import { lazyIsland } from '@/lib/lazy-island';

/**
 * Notes that a product page was viewed (behaviour.md §3): the recently viewed and visited
 * products cookies, written without the store (product-view-recorder.tsx), whose code loads
 * just after the page's own. Renders nothing.
 */
export const RecordProductView = lazyIsland(() => import('./product-view-recorder').then((module) => module.Recorder));
