import type { User } from '@vastra/contracts';
import { LOCALE_COOKIE, type Locale } from '@/i18n/routing';
import { writeCookie } from '@/lib/browser-cookies';

/** How long the language choice is kept, in days. */
const CHOICE_DAYS = 365;

/**
 * Remembers the shopper's language choice (docs/behaviour.md "Languages"): in LOCALE_COOKIE,
 * which decides which language the offer bar suggests, never which page is served; and, for a
 * signed-in shopper whose account says otherwise, on the account, whose mails then come in it
 * (the call's code is fetched only then). A failed save is quiet: the cookie keeps the choice,
 * and the next switch saves it again.
 */
export function rememberLocale(locale: Locale, signedIn: { apiUrl: string; user: User | null }): void {
  writeCookie({ name: LOCALE_COOKIE, value: locale, maxAgeDays: CHOICE_DAYS });
  const { apiUrl, user } = signedIn;
  if (!user || user.locale === locale) return;
  void import('@/lib/api/browser/auth')
    .then(({ setAccountLocale }) => setAccountLocale(apiUrl, locale))
    .catch(() => undefined);
}
