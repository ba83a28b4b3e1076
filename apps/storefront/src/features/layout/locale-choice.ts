import { LOCALE_COOKIE, type Locale } from '@/i18n/routing';
import { writeCookie } from '@/lib/browser-cookies';

/** How long the language choice is kept, in days. */
const CHOICE_DAYS = 365;

/**
 * Remembers the shopper's language choice in LOCALE_COOKIE (docs/behaviour.md "Languages"):
 * it decides which language the offer banner suggests, never which page is served.
 */
export function rememberLocale(locale: Locale): void {
  writeCookie({ name: LOCALE_COOKIE, value: locale, maxAgeDays: CHOICE_DAYS });
}
