'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SpecMessage } from '@/i18n/spec-messages';
import { saveCartReminders } from '@/lib/api/browser/cart-reminders';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * The account page's "Cart reminders by email" switch (docs/behaviour.md "Cart reminders"): the
 * setting as the server read it, saved at each change; the API's message, or its refusal, is said
 * in a live region. Disabled until the page is hydrated.
 */
export function CartRemindersSetting({ initialEnabled }: { initialEnabled: boolean }) {
  const t = useTranslations('account.cartReminders');
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [enabled, setEnabled] = useState(initialEnabled);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);

  const change = async (next: boolean) => {
    setBusy(true);
    setSaid(null);
    try {
      const { setting, message } = await saveCartReminders(apiUrl, next);
      setEnabled(setting?.enabled ?? next);
      if (message) setSaid({ text: message, error: false });
    } catch (failure) {
      setSaid({ text: failure instanceof MutationError ? failure.message : String(failure), error: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="cart-reminders-title" className="mt-8 space-y-3 border-t border-stone-200 pt-6">
      <h2 id="cart-reminders-title" className="text-lg font-semibold text-stone-900">
        {t('title')}
      </h2>
      <label className="flex items-start gap-3 text-sm text-stone-800">
        <input
          type="checkbox"
          checked={enabled}
          disabled={!hydrated || busy}
          onChange={(event) => void change(event.target.checked)}
          aria-describedby="cart-reminders-help"
          className="mt-0.5 h-5 w-5 accent-brand-700"
        />
        <span className="font-medium">{t('label')}</span>
      </label>
      <p id="cart-reminders-help" className="text-sm text-stone-600">
        {t('help')}
      </p>
      <p
        aria-live="polite"
        className={`min-h-5 text-sm font-semibold ${said?.error ? 'text-red-700' : 'text-emerald-800'}`}
      >
        {said ? <SpecMessage text={said.text} /> : null}
      </p>
    </section>
  );
}
