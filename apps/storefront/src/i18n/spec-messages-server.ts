import { getLocale, getTranslations } from 'next-intl/server';
import { isLocale, routing } from './routing';
import { loadMessages } from './request';
import { localiseMessage, type TranslateSpecMessage } from './spec-messages-lookup';

/**
 * In a server component or generateMetadata: a function giving a behaviour.md §8 / §5 message
 * (English, e.g. an API error's) in the request's language; see localiseMessage in spec-messages.ts.
 */
export async function getLocaliseMessage(): Promise<(message: string) => string> {
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : routing.defaultLocale;
  if (locale === routing.defaultLocale) return (message) => message;
  const [t, english] = await Promise.all([getTranslations('messages'), loadMessages('en')]);
  const translate = t as unknown as TranslateSpecMessage;
  return (message) => localiseMessage(message, locale, english.messages, translate);
}
