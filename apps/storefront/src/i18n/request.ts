import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing, type Locale } from './routing';
import { ENGLISH_SPEC_MESSAGES } from './spec-messages';

/** The messages of one locale, loaded on the server only (each locale its own chunk). */
export async function loadMessages(locale: Locale) {
  return locale === 'hi' ? (await import('./messages/hi')).default : (await import('./messages/en')).default;
}

/**
 * The messages a page gets (and its NextIntlClientProvider hands to the browser). A Hindi page
 * also carries the English of the `messages` namespace, by which spec-messages.ts knows an
 * English API message to show it in Hindi; an English page needs no second copy.
 */
export async function pageMessages(locale: Locale) {
  const messages = await loadMessages(locale);
  if (locale === routing.defaultLocale) return messages;
  return { ...messages, [ENGLISH_SPEC_MESSAGES]: (await loadMessages(routing.defaultLocale)).messages };
}

/**
 * next-intl's request configuration: the locale of the `[locale]` segment (English for
 * anything else), its messages, India's time zone for dates.
 */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: await pageMessages(locale), timeZone: 'Asia/Kolkata' };
});
