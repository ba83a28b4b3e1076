import { NextIntlClientProvider } from 'next-intl';
import * as React from 'react';
import type { ReactNode } from 'react';
import en from '@/i18n/messages/en';
import hi from '@/i18n/messages/hi';
import type { Locale } from '@/i18n/routing';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

/**
 * A component tree as the storefront renders it: inside next-intl's provider with one locale's
 * messages (English unless told) and India's time zone, as src/i18n/request.ts gives the pages.
 * For unit tests that render components with react-dom/server.
 */
export function withIntl(node: ReactNode, locale: Locale = 'en') {
  return (
    <NextIntlClientProvider locale={locale} messages={locale === 'hi' ? hi : en} timeZone="Asia/Kolkata">
      {node}
    </NextIntlClientProvider>
  );
}
