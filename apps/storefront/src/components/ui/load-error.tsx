'use client';

import { useRouter } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { useLocaliseMessage } from '@/i18n/spec-messages';

/**
 * A server read of the page failed: its message (the API's, or behaviour.md §8's, e.g. 'Failed to
 * fetch orders'), in the page's language, and "Try again", which renders the page again on the server.
 */
export function LoadError({ message }: { message: string }) {
  const router = useRouter();
  const t = useTranslations('common.ui');
  const localise = useLocaliseMessage();
  const [retrying, startRetry] = useTransition();
  return (
    <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">{localise(message)}</p>
      <button
        type="button"
        disabled={retrying}
        onClick={() => startRetry(() => router.refresh())}
        className="mt-3 rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:opacity-50"
      >
        {t('tryAgain')}
      </button>
    </div>
  );
}
