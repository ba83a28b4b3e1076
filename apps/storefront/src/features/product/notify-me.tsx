'use client';

import { lazyIsland } from '@/lib/lazy-island';
import { useShopper } from '@/lib/shopper-context';
import { storeIsland } from '@/lib/store/store-provider';

/** A sold-out size of the colour shown: its id and label. */
export type SoldOutSize = { id: string; size: string };

/**
 * "Notify me" for the sold-out sizes of the colour shown (docs/shopper-features.md "Alerts");
 * nothing when every size is in stock. A logged-in shopper's buttons (which know the sizes
 * already asked about) load with the store; a guest's open the login modal and need no store.
 */
export function NotifyMe({ soldOut }: { soldOut: SoldOutSize[] }) {
  const { user } = useShopper();
  if (soldOut.length === 0) return null;
  return user ? <NotifyMeButtons soldOut={soldOut} /> : <GuestButtons soldOut={soldOut} />;
}

// Rendered by the server; its code loads beside the page's, only where a size is sold out.
const GuestButtons = lazyIsland(() => import('./guest-notify-me').then((module) => module.GuestNotifyMe));

const NotifyMeButtons = storeIsland(() => import('./notify-me-buttons').then((module) => module.NotifyMeButtons));
