import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { routing, type Locale } from './routing';

/** The messages of one locale, loaded on the server only (each locale its own chunk). */
export async function loadMessages(locale: Locale) {
  return locale === 'hi' ? (await import('./messages/hi')).default : (await import('./messages/en')).default;
}

/**
 * next-intl's request configuration: the locale of the `[locale]` segment (English for
 * anything else), its messages for server components, India's time zone for dates. Client
 * components get a part of them (client-messages.tsx).
 */
export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return { locale, messages: await loadMessages(locale), timeZone: 'Asia/Kolkata' };
});
