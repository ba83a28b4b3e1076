import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import en from '@/i18n/messages/en';
import hi from '@/i18n/messages/hi';

/**
 * Wraps `node` in next-intl's provider with the storefront's messages of `locale` (English by default)
 * and India's time zone, as the [locale] layout does, so unit tests can render components that read texts.
 */
export function withIntl(node: ReactNode, locale: 'en' | 'hi' = 'en') {
  return (
    <NextIntlClientProvider locale={locale} messages={locale === 'hi' ? hi : en} timeZone="Asia/Kolkata">
      {node}
    </NextIntlClientProvider>
  );
}
