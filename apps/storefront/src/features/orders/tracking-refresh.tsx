'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useTransition } from 'react';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * The tracking panel's "Refresh": renders the order page again on the server, which reads the
 * tracking afresh (tracking-view.tsx). Disabled until hydrated, and while a read is under way
 * (`loading`: the panel waits for its first read; or this refresh's).
 */
export function TrackingRefresh({ loading }: { loading: boolean }) {
  const t = useTranslations('orders.tracking');
  const router = useRouter();
  const hydrated = useHydrated();
  const [refreshing, startRefresh] = useTransition();
  const busy = loading || refreshing;
  return (
    <button
      type="button"
      onClick={() => startRefresh(() => router.refresh())}
      disabled={!hydrated || busy}
      className="rounded-md px-2 py-1 text-sm font-medium text-brand-700 hover:underline disabled:opacity-50"
    >
      {busy ? t('refreshing') : t('refresh')}
    </button>
  );
}
