'use client';

import { ALERTS_MESSAGES } from '@vastra/contracts';
import { useLoginModal } from '@/lib/login-modal';
import { useShopper } from '@/lib/shopper-context';
import { storeIsland } from '@/lib/store/store-provider';
import { useHydrated } from '@/lib/use-hydrated';

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
  return user ? <NotifyMeButtons soldOut={soldOut} /> : <GuestNotifyMe soldOut={soldOut} />;
}

const NotifyMeButtons = storeIsland(() => import('./notify-me-buttons').then((module) => module.NotifyMeButtons));

/** The guest's "Notify me" buttons: each opens the login modal, as the wishlist heart does. */
function GuestNotifyMe({ soldOut }: { soldOut: SoldOutSize[] }) {
  const { open: openLogin } = useLoginModal();
  const hydrated = useHydrated();
  return (
    <div data-testid="notify-me" className="rounded-md border border-stone-200 bg-stone-50 p-3">
      <p className="text-sm text-stone-700">Sold out in your size? We can mail you when it is back.</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {soldOut.map((v) => (
          <li key={v.id}>
            <button
              type="button"
              aria-label={`${ALERTS_MESSAGES.notifyMe} when size ${v.size} is back`}
              disabled={!hydrated}
              onClick={openLogin}
              className="rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-semibold text-stone-900 hover:border-brand-700 hover:text-brand-700"
            >
              {ALERTS_MESSAGES.notifyMe}: {v.size}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
