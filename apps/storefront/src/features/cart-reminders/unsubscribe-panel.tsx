'use client';

import { CART_REMINDERS_MESSAGES, type UnsubscribeStatus } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { SpecMessage } from '@/i18n/spec-messages';
import { unsubscribeCartReminders } from '@/lib/api/browser/cart-reminders';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * Stops the cart reminders of the link's token (docs/behaviour.md "Cart reminders"), without a
 * login. Opening the link only reads whose reminders it stops (`status`, read on the server; null
 * for a link that is not valid); the button stops them. It is disabled until the page is hydrated.
 */
export function CartRemindersUnsubscribePanel({ token, status }: { token: string; status: UnsubscribeStatus | null }) {
  const t = useTranslations('account.cartReminders');
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!token || !status) {
    return (
      <p role="alert" className="text-sm font-semibold text-red-700">
        <SpecMessage text={CART_REMINDERS_MESSAGES.linkInvalid} />
      </p>
    );
  }
  if (done || status.unsubscribed) {
    return (
      <p role="status" className="text-sm font-semibold text-emerald-800">
        <SpecMessage text={CART_REMINDERS_MESSAGES.unsubscribed} />
      </p>
    );
  }

  const stop = async () => {
    setError(null);
    setBusy(true);
    try {
      await unsubscribeCartReminders(apiUrl, token);
      setDone(true);
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">
        {t.rich('question', { email: status.email, strong: (chunks) => <strong>{chunks}</strong> })}
      </p>
      <button
        type="button"
        onClick={() => void stop()}
        disabled={!hydrated || busy}
        className="rounded-md bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
      >
        {t('unsubscribe')}
      </button>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          <SpecMessage text={error} />
        </p>
      )}
    </div>
  );
}
