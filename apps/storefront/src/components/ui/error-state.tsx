'use client';

import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useLocaliseMessage } from '@/i18n/spec-messages';

/** What an area's error boundary shows: the message (behaviour.md §8), a retry and a way out. */
export function ErrorState({ message, retry }: { message: string; retry: () => void }) {
  const t = useTranslations('common.errors');
  const localise = useLocaliseMessage();
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <h1 className="text-xl font-semibold text-stone-900 sm:text-2xl">{localise(message)}</h1>
      <p className="mt-2 text-stone-600">{t('body')}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={retry}
          className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('retry')}
        </button>
        <Link
          href="/"
          className="rounded-md border border-stone-300 px-5 py-2.5 text-sm font-semibold text-stone-800 hover:border-stone-900"
        >
          {t('home')}
        </Link>
      </div>
    </div>
  );
}
