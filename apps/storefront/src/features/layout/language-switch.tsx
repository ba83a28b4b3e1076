'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Link, usePathname } from '@/i18n/navigation';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { rememberLocale } from './locale-choice';

/**
 * The link to this same page in the other language (docs/behaviour.md "Languages"), with its
 * query kept; following it remembers the choice (locale-choice.ts). In the header (inside the
 * menu drawer on a phone, where the header row has no room) and the footer.
 */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useTranslations('common.language');
  const locale = useLocale();
  const other = locale === 'hi' ? 'en' : 'hi';
  const pathname = usePathname();
  const account = { apiUrl: usePublicConfig().apiUrl, user: useShopper().user };
  // Null outside the App Router's context (components rendered alone, as unit tests do).
  const query = useSearchParams()?.toString() ?? '';
  return (
    <Link
      href={query ? `${pathname}?${query}` : pathname}
      locale={other}
      hrefLang={other}
      lang={other}
      prefetch={false}
      aria-label={t('switchToLabel')}
      onClick={() => rememberLocale(other, account)}
      className={`${className} rounded-md px-2 py-1.5 text-sm font-semibold text-stone-800 hover:bg-stone-100 hover:underline`}
    >
      {t('switchTo')}
    </Link>
  );
}
