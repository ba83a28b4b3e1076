import { defineRouting } from 'next-intl/routing';

/**
 * The storefront's languages (docs/behaviour.md "Languages"): English at the URLs it always had,
 * Hindi under `/hi`. The path alone chooses the language: no redirect by cookie or
 * Accept-Language (crawlers and shared links keep theirs), so next-intl's detection and its
 * cookie are off; the shopper's choice is our own cookie (LOCALE_COOKIE), set by the switch.
 */
export const routing = defineRouting({
  locales: ['en', 'hi'],
  defaultLocale: 'en',
  localePrefix: 'as-needed',
  localeDetection: false,
  localeCookie: false,
});

export type Locale = (typeof routing.locales)[number];

/** The language the shopper chose with the switch, a year; read for the offer banner and mails. */
export const LOCALE_COOKIE = 'vastra_locale';

/** BCP 47 tag of a locale for `lang`, Open Graph and Intl: India's English and Hindi. */
export const LANGUAGE_TAG: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (routing.locales as readonly string[]).includes(value);
}
