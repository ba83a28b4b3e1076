'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { readStockAlerts, requestStockAlert } from '@/lib/api/browser/alerts';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';
import type { SoldOutSize } from './notify-me';

/**
 * A logged-in shopper's "Notify me" button per sold-out size (notify-me.tsx). The sizes they
 * already asked about (GET /alerts/stock, read when the buttons show) say "We'll mail you when
 * it's back"; a tap asks (POST /alerts/stock) and then says the same, or toasts the API's
 * message. Disabled until hydrated.
 */
export function NotifyMeButtons({ soldOut }: { soldOut: SoldOutSize[] }) {
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const t = useTranslations('product.notify');
  // The store's alert texts by key: the page's server HTML says them in its language (client-messages.tsx).
  const alerts = useTranslations('messages.alerts');
  const [asked, setAsked] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    readStockAlerts(apiUrl).then(
      (variantIds) => {
        if (current) setAsked((now) => new Set([...now, ...variantIds]));
      },
      // Not knowing what was asked only leaves the buttons showing; asking again keeps one request.
      () => {},
    );
    return () => {
      current = false;
    };
  }, [apiUrl]);

  const notify = async (variantId: string) => {
    setBusy(variantId);
    try {
      await requestStockAlert(apiUrl, variantId);
      setAsked((now) => new Set([...now, variantId]));
    } catch (error) {
      toast.error(error instanceof MutationError ? error.message : String(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="notify-me" className="rounded-md border border-stone-200 bg-stone-50 p-3">
      <p className="text-sm text-stone-700">{t('intro')}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {soldOut.map((v) => (
          <li key={v.id}>
            {asked.has(v.id) ? (
              <p role="status" className="py-1.5 text-sm font-semibold text-emerald-800">
                {v.size}: {alerts('requested')}
              </p>
            ) : (
              <button
                type="button"
                aria-label={t('label', { notifyMe: alerts('notifyMe'), size: v.size })}
                aria-busy={busy === v.id || undefined}
                disabled={!hydrated || busy !== null}
                onClick={() => void notify(v.id)}
                className="rounded-full border border-stone-300 bg-white px-4 py-1.5 text-sm font-semibold text-stone-900 hover:border-brand-700 hover:text-brand-700 disabled:cursor-wait disabled:opacity-70"
              >
                {alerts('notifyMe')}: {v.size}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
