'use client';

import { storeIsland } from '@/lib/store/store-provider';

/**
 * Notes that a product page was viewed (behaviour.md §3): the product goes to the front of the recently
 * viewed cookie, and onto the visited products list (with the guest id when logged out, never
 * a token) unless it is there already. It waits for the restored session so the entry is the
 * right one's. Renders nothing.
 */
export const RecordProductView = storeIsland(() => import('./product-view-recorder').then((module) => module.Recorder));
