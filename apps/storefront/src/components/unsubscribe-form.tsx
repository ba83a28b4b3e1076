'use client';

import type { UnsubscribeStatus } from '@vastra/contracts';
import { useState, type ReactNode } from 'react';
import { SpecMessage } from '@/i18n/spec-messages';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * A mailed unsubscribe link's page, without a login (the alert mails, the cart reminders).
 * Opening the link only reads whose mails it stops (`status`, read on the server; null for a
 * link that is not valid); the button stops them through `stop` (the API call of that kind of
 * mail). `question` and `button` are the page's own words; `messages` the behaviour.md §8 texts
 * of a link not valid and of mails stopped. The button is disabled until the page is hydrated.
 */
export function UnsubscribeForm({
  token,
  status,
  question,
  button,
  messages,
  stop,
}: {
  token: string;
  status: UnsubscribeStatus | null;
  question: ReactNode;
  button: string;
  messages: { linkInvalid: string; unsubscribed: string };
  stop: (apiUrl: string, token: string) => Promise<unknown>;
}) {
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!token || !status) {
    return (
      <p role="alert" className="text-sm font-semibold text-red-700">
        <SpecMessage text={messages.linkInvalid} />
      </p>
    );
  }
  if (done || status.unsubscribed) {
    return (
      <p role="status" className="text-sm font-semibold text-emerald-800">
        <SpecMessage text={messages.unsubscribed} />
      </p>
    );
  }

  const unsubscribe = async () => {
    setError(null);
    setBusy(true);
    try {
      await stop(apiUrl, token);
      setDone(true);
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">{question}</p>
      <button
        type="button"
        onClick={() => void unsubscribe()}
        disabled={!hydrated || busy}
        className="rounded-md bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
      >
        {button}
      </button>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          <SpecMessage text={error} />
        </p>
      )}
    </div>
  );
}
