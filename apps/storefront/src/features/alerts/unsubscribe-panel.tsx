'use client';

import { ALERTS_MESSAGES } from '@vastra/contracts';
import { useState } from 'react';
import { messageOf } from '@/lib/api/browser/api';
import { useUnsubscribeMutation, useUnsubscribeStatusQuery } from '@/lib/api/browser/alerts';

/**
 * Stops the alert mails of the link's token (docs/shopper-features.md "Alerts"), without a login.
 * Opening the link only reads whose mails it stops (mail scanners open links too); the button
 * stops them.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const status = useUnsubscribeStatusQuery(token, { skip: !token });
  const [unsubscribe, { isLoading }] = useUnsubscribeMutation();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!token || status.isError) {
    return (
      <p role="alert" className="text-sm font-semibold text-red-700">
        {ALERTS_MESSAGES.linkInvalid}
      </p>
    );
  }
  if (!status.data) return <p className="text-sm text-stone-600">Checking the link…</p>;
  if (done || status.data.unsubscribed) {
    return (
      <p role="status" className="text-sm font-semibold text-emerald-800">
        {ALERTS_MESSAGES.unsubscribed}
      </p>
    );
  }

  const stop = async () => {
    setError(null);
    try {
      await unsubscribe(token).unwrap();
      setDone(true);
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-stone-700">
        Stop the back-in-stock and price-drop mails to <strong>{status.data.email}</strong>?
      </p>
      <button
        type="button"
        onClick={() => void stop()}
        disabled={isLoading}
        className="rounded-md bg-brand-700 px-6 py-3 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
      >
        Unsubscribe
      </button>
      {error && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
