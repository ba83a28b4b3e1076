'use client';

import { useTranslations } from 'next-intl';
import { useLoginModal } from '@/lib/login-modal';
import { useHydrated } from '@/lib/use-hydrated';
import type { SoldOutSize } from './notify-me';

/** The guest's "Notify me" buttons: each opens the login modal, as the wishlist heart does. */
export function GuestNotifyMe({ soldOut }: { soldOut: SoldOutSize[] }) {
  const { open: openLogin } = useLoginModal();
  const hydrated = useHydrated();
  const t = useTranslations('product.notify');
  // The store's alert texts by key: the page's server HTML says them in its language (client-messages.tsx).
  const alerts = useTranslations('messages.alerts');
  return (
    <div data-testid="notify-me" className="rounded-md border border-stone-200 bg-stone-50 p-3">
      <p className="text-sm text-stone-700">{t('intro')}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {soldOut.map((v) => (
          <li key={v.id}>
            <button
              type="button"
              aria-label={t('label', { notifyMe: alerts('notifyMe'), size: v.size })}
              disabled={!hydrated}
              onClick={openLogin}
              className="rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-semibold text-stone-900 hover:border-brand-700 hover:text-brand-700"
            >
              {alerts('notifyMe')}: {v.size}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
