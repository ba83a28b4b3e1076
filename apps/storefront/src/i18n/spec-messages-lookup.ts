import { routing, type Locale } from './routing';

/**
 * The store's fixed messages (docs/behaviour.md §8 messages and toasts, §5 form checks) in the
 * page's language. The API answers with their English (the @vastra/contracts constants) and the
 * storefront uses the constants too; the `messages` namespace holds each of them, English word
 * for word under the same key in en (spec-messages.test.ts keeps them equal to the constants), so an
 * English text is looked up by value and shown in Hindi on a Hindi page. Parameterised ones
 * ("Only 3 left in stock for this size.") match by pattern, their values carried over as they
 * are (amounts, pincodes, names). A text it does not know stays as it came: an API message
 * newer than the storefront is still readable.
 */

/**
 * Where a Hindi shopper's page's provider carries the English of the `messages` namespace
 * (client-messages.tsx), the copy the browser looks an English text up by.
 */
export const ENGLISH_SPEC_MESSAGES = 'messagesInEnglish';

/**
 * A message as the build hands it over (next.config.ts precompiles the catalogues): a text
 * without arguments is a string; one with arguments alternates literal parts and `[name]`.
 */
type CompiledMessage = string | readonly (string | readonly unknown[])[];

/** The English `messages` namespace, compiled: group → key → message. */
export type EnglishSpecMessages = Record<string, Record<string, CompiledMessage>>;

/** next-intl's `t` of the `messages` namespace, taking `group.key` and the pattern's values. */
export type TranslateSpecMessage = (key: string, values?: Record<string, string>) => string;

/** The values of a parameterised message's arguments in `message`, or null when it is not that message. */
function argumentsIn(parts: Exclude<CompiledMessage, string>, message: string): Record<string, string> | null {
  const seen = new Set<unknown>();
  const source = parts
    .map((part) => {
      if (typeof part === 'string') return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const name = part[0];
      if (seen.has(name)) return `\\k<${name}>`;
      seen.add(name);
      return `(?<${name}>.+?)`;
    })
    .join('');
  return new RegExp(`^${source}$`, 's').exec(message)?.groups ?? null;
}

/**
 * `message` (English, e.g. an ApiError's) in `locale`: English as it is; otherwise the
 * translation of the known message it is, with a parameterised message's values carried over,
 * or `message` unchanged when it is none of them. `english` is the compiled English namespace
 * (the constants' groups come before `formatted`, so a constant is never taken for a pattern).
 * For code outside React; components use useLocaliseMessage (spec-messages.ts), server code getLocaliseMessage
 * (spec-messages-server.ts).
 */
export function localiseMessage(
  message: string,
  locale: Locale,
  english: EnglishSpecMessages | undefined,
  translate: TranslateSpecMessage,
): string {
  if (locale === routing.defaultLocale || !english) return message;
  for (const [group, texts] of Object.entries(english)) {
    for (const [name, value] of Object.entries(texts)) {
      const values = typeof value === 'string' ? (value === message ? {} : null) : argumentsIn(value, message);
      if (values) return translate(`${group}.${name}`, values);
    }
  }
  return message;
}
