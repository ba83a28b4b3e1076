import { useCallback } from 'react';
import { useLocale, useMessages, useTranslations } from 'next-intl';
import { routing, type Locale } from './routing';

/**
 * The store's fixed messages (docs/behaviour.md §8 messages and toasts, §5 form checks) in the
 * page's language. The API answers with their English (the @vastra/contracts constants) and the
 * storefront uses the constants too; the `messages` namespace holds each of them, English word
 * for word under the same key in en (messages.test.ts keeps them equal to the constants), so an
 * English text is looked up by value and shown in Hindi on a Hindi page. Parameterised ones
 * ("Only 3 left in stock for this size.") match by pattern, their values carried over as they
 * are (amounts, pincodes, names). A text it does not know stays as it came: an API message
 * newer than the storefront is still readable.
 */

/**
 * Where a Hindi page's provider carries the English of the `messages` namespace (request.ts),
 * the one copy the browser has to look an English text up by.
 */
export const ENGLISH_SPEC_MESSAGES = 'messagesInEnglish';

/** A message as next-intl hands it over: ICU text (unit tests), or compiled at build (next.config.ts precompile). */
type MessageValue = string | readonly (string | readonly unknown[])[];

/** The English `messages` namespace: group → key → text. */
export type EnglishSpecMessages = Record<string, Record<string, MessageValue>>;

/** next-intl's `t` of the `messages` namespace, taking `group.key` and the pattern's values. */
export type TranslateSpecMessage = (key: string, values?: Record<string, string>) => string;

type Lookup = {
  exact: Map<string, string>;
  patterns: { key: string; regex: RegExp }[];
};

const lookups = new WeakMap<EnglishSpecMessages, Lookup>();

/** A message's literal parts and `{argument}` names, from either form. */
function partsOf(value: MessageValue): (string | { arg: string })[] {
  if (typeof value !== 'string')
    return value.map((part) => (typeof part === 'string' ? part : { arg: String(part[0]) }));
  // Our English texts use plain `{name}` arguments only (no plurals, no quoting).
  return value
    .split(/(\{\w+\})/)
    .filter(Boolean)
    .map((part) => (/^\{\w+\}$/.test(part) ? { arg: part.slice(1, -1) } : part));
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** English text → key, and a pattern for each parameterised message; built once per catalogue. */
function lookupOf(english: EnglishSpecMessages): Lookup {
  let lookup = lookups.get(english);
  if (lookup) return lookup;
  lookup = { exact: new Map(), patterns: [] };
  for (const [group, texts] of Object.entries(english)) {
    for (const [name, value] of Object.entries(texts)) {
      const key = `${group}.${name}`;
      const parts = partsOf(value);
      if (parts.every((part) => typeof part === 'string')) {
        const text = parts.join('');
        // The same English under two constants: the first key answers (their Hindi is the same).
        if (!lookup.exact.has(text)) lookup.exact.set(text, key);
        continue;
      }
      const seen = new Set<string>();
      const source = parts
        .map((part) => {
          if (typeof part === 'string') return escapeRegex(part);
          if (seen.has(part.arg)) return `\\k<${part.arg}>`;
          seen.add(part.arg);
          return `(?<${part.arg}>.+?)`;
        })
        .join('');
      lookup.patterns.push({ key, regex: new RegExp(`^${source}$`, 's') });
    }
  }
  lookups.set(english, lookup);
  return lookup;
}

/**
 * `message` (English, e.g. an ApiError's) in `locale`: English as it is; otherwise the
 * translation of the known message it is, with a parameterised message's values carried over,
 * or `message` unchanged when it is none of them. For code outside React; components use
 * useLocaliseMessage, server code getLocaliseMessage (spec-messages-server.ts).
 */
export function localiseMessage(
  message: string,
  locale: Locale,
  english: EnglishSpecMessages | undefined,
  translate: TranslateSpecMessage,
): string {
  if (locale === routing.defaultLocale || !english) return message;
  const lookup = lookupOf(english);
  const key = lookup.exact.get(message);
  if (key) return translate(key);
  for (const { key: patternKey, regex } of lookup.patterns) {
    const match = regex.exec(message);
    if (match) return translate(patternKey, { ...match.groups });
  }
  return message;
}

/**
 * In a client component: a function giving a behaviour.md §8 / §5 message in the page's
 * language (see localiseMessage). Looks the English up in the provider's messages: the
 * `messages` namespace on an English page needs none, a Hindi page carries the English next to it.
 */
export function useLocaliseMessage(): (message: string) => string {
  const locale = useLocale();
  const messages = useMessages() as unknown as Record<string, EnglishSpecMessages | undefined>;
  const t = useTranslations('messages') as unknown as TranslateSpecMessage;
  const english = messages[ENGLISH_SPEC_MESSAGES];
  return useCallback((message: string) => localiseMessage(message, locale, english, t), [locale, english, t]);
}

/** A behaviour.md §8 / §5 message as text in the page's language, where a component shows one inline: `<SpecMessage text={error} />`. */
export function SpecMessage({ text }: { text: string }): string {
  return useLocaliseMessage()(text);
}
