import Negotiator from 'negotiator';
import { isLocale, routing, type Locale } from '@/i18n/routing';

/**
 * Which other language to offer on a page (docs/behaviour.md "Languages"), or null: the
 * shopper's remembered choice (LOCALE_COOKIE) when it differs from the page's, else, on a first
 * visit (no choice yet), the browser's preferred one of ours from `Accept-Language` when it
 * differs. Never a redirect: the page stays in its own language either way. A request without
 * `Accept-Language` (most crawlers) is offered nothing.
 */
export function localeToOffer(
  page: Locale,
  chosen: string | null | undefined,
  acceptLanguage: string | null,
): Locale | null {
  if (isLocale(chosen)) return chosen === page ? null : chosen;
  if (!acceptLanguage) return null;
  const preferred = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...routing.locales]);
  return isLocale(preferred) && preferred !== page ? preferred : null;
}
