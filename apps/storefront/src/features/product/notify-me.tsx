'use client';

import { storeIsland } from '@/lib/store/store-provider';

/** A sold-out size of the colour shown: its id and label. */
export type SoldOutSize = { id: string; size: string };

/**
 * "Notify me" for the sold-out sizes of the colour shown (docs/shopper-features.md "Alerts"),
 * loaded with the store; nothing when every size is in stock.
 */
export function NotifyMe({ soldOut }: { soldOut: SoldOutSize[] }) {
  return soldOut.length > 0 ? <NotifyMeButtons soldOut={soldOut} /> : null;
}

const NotifyMeButtons = storeIsland(() => import('./notify-me-buttons').then((module) => module.NotifyMeButtons));
