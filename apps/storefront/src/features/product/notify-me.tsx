'use client';

import { lazyIsland } from '@/lib/lazy-island';
import { useShopper } from '@/lib/shopper-context';

/** A sold-out size of the colour shown: its id and label. */
export type SoldOutSize = { id: string; size: string };

/**
 * "Notify me" for the sold-out sizes of the colour shown (docs/shopper-features.md "Alerts");
 * nothing when every size is in stock. A logged-in shopper's buttons read the sizes already
 * asked about when they show; a guest's open the login modal. Either loads only where a size is
 * sold out.
 */
export function NotifyMe({ soldOut }: { soldOut: SoldOutSize[] }) {
  const { user } = useShopper();
  if (soldOut.length === 0) return null;
  // Keyed by the shopper: another one (a login in another tab) starts with none asked.
  return user ? <NotifyMeButtons key={user.id} soldOut={soldOut} /> : <GuestButtons soldOut={soldOut} />;
}

// Rendered by the server; their code loads beside the page's, only where a size is sold out.
const GuestButtons = lazyIsland(() => import('./guest-notify-me').then((module) => module.GuestNotifyMe));

const NotifyMeButtons = lazyIsland(() => import('./notify-me-buttons').then((module) => module.NotifyMeButtons));
