'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { rememberLocale } from './locale-choice';

/**
 * A quiet bar under the header offering this page in `offer` (locale-offer.ts decides which),
 * worded in the offered language so its reader can read it. Taking it or saying no remembers
 * the choice, so it is offered once.
 */
export function LanguageOffer({ offer }: { offer: Locale }) {
  const t = useTranslations('common.language');
  const locale = useLocale();
  const pathname = usePathname();
  const account = { apiUrl: usePublicConfig().apiUrl, user: useShopper().user };
  // Null outside the App Router's context (components rendered alone, as unit tests do).
  const query = useSearchParams()?.toString() ?? '';
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside
      aria-label={t('switchLabel')}
      className="border-b border-brand-100 bg-brand-50 px-4 py-2 text-center text-sm text-stone-800"
    >
      <span lang={offer}>{t('offer')}</span>{' '}
      <Link
        href={query ? `${pathname}?${query}` : pathname}
        locale={offer}
        hrefLang={offer}
        lang={offer}
        prefetch={false}
        onClick={() => rememberLocale(offer, account)}
        className="font-semibold text-brand-700 underline"
      >
        {t('offerAction')}
      </Link>{' '}
      <button
        type="button"
        onClick={() => {
          rememberLocale(locale === 'hi' ? 'hi' : 'en', account);
          setOpen(false);
        }}
        className="ml-2 text-stone-600 underline hover:text-stone-900"
      >
        {t('offerDismiss')}
      </button>
    </aside>
  );
}
