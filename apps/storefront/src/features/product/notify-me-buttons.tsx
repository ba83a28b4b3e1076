'use client';

import { ALERTS_MESSAGES } from '@vastra/contracts';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useRequestStockAlertMutation, useStockAlertsQuery } from '@/lib/api/browser/alerts';
import { messageOf } from '@/lib/api/browser/api';
import { useLoginModal } from '@/lib/login-modal';
import { useAppSelector } from '@/lib/store/hooks';
import type { SoldOutSize } from './notify-me';

/**
 * A "Notify me" button per sold-out size (notify-me.tsx). Logged out it opens the login modal,
 * as the wishlist heart does; a size already asked about says "We'll mail you when it's back".
 */
export function NotifyMeButtons({ soldOut }: { soldOut: SoldOutSize[] }) {
  const { open: openLogin } = useLoginModal();
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const requested = useStockAlertsQuery(undefined, { skip: !isAuthenticated });
  const [request] = useRequestStockAlertMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const asked = new Set(isAuthenticated ? (requested.data ?? []) : []);

  const notify = async (variantId: string) => {
    if (!isAuthenticated) {
      openLogin();
      return;
    }
    setBusy(variantId);
    try {
      await request(variantId).unwrap();
      await requested.refetch();
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="notify-me" className="rounded-md border border-stone-200 bg-stone-50 p-3">
      <p className="text-sm text-stone-700">Sold out in your size? We can mail you when it is back.</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {soldOut.map((v) => (
          <li key={v.id}>
            {asked.has(v.id) ? (
              <p role="status" className="py-1.5 text-sm font-semibold text-emerald-800">
                {v.size}: {ALERTS_MESSAGES.requested}
              </p>
            ) : (
              <button
                type="button"
                aria-label={`${ALERTS_MESSAGES.notifyMe} when size ${v.size} is back`}
                aria-busy={busy === v.id || undefined}
                disabled={busy !== null}
                onClick={() => void notify(v.id)}
                className="rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-semibold text-stone-900 hover:border-brand-700 hover:text-brand-700 disabled:cursor-wait disabled:opacity-70"
              >
                {ALERTS_MESSAGES.notifyMe}: {v.size}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
