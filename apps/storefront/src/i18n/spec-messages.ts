import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { createTranslator, useLocale, useMessages } from 'next-intl';
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
 * For code outside React; components use useLocaliseMessage, server code getLocaliseMessage
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

/** What the localiser looks messages up in: the English namespace and the page language's translator. */
type SpecCatalogue = { english: EnglishSpecMessages; translate: TranslateSpecMessage };

function catalogueOf(locale: Locale, translated: unknown, english: unknown): SpecCatalogue {
  const t = createTranslator({ locale, messages: { messages: translated } as never, namespace: 'messages' as never });
  return {
    english: english as EnglishSpecMessages,
    translate: (key, values) => (t as unknown as TranslateSpecMessage)(key, values),
  };
}

/** The catalogues a page's provider does not carry, loaded in the browser once per language. */
const loaded = new Map<Locale, SpecCatalogue>();
const loading = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();

/** The §8 catalogue of each language but English, in its own chunk. */
const TRANSLATED: Partial<Record<Locale, () => Promise<{ default: unknown }>>> = {
  hi: () => import('./messages/hi/messages.json'),
};

/**
 * Loads the §8 `messages` namespace of `locale` and its English (their own chunk, a few kB
 * gzip), for pages whose provider does not carry them (client-messages.tsx `browse`); the
 * components using useLocaliseMessage then render again in `locale`. Resolves at once for
 * English, when loaded, or when loading failed (never rejects).
 */
export function loadSpecCatalogue(locale: Locale): Promise<void> {
  const translated = TRANSLATED[locale];
  if (!translated) return Promise.resolve();
  let pending = loading.get(locale);
  if (!pending) {
    pending = Promise.all([translated(), import('./messages/en/messages.json')]).then(
      ([inLocale, english]) => {
        loaded.set(locale, catalogueOf(locale, inLocale.default, english.default));
        for (const listener of listeners) listener();
      },
      // Offline or a failed chunk: the messages stay in English, and the next page tries again.
      () => void loading.delete(locale),
    );
    loading.set(locale, pending);
  }
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * In a client component: a function giving a behaviour.md §8 / §5 message in the page's
 * language (see localiseMessage). An English page shows the message as it is. A Hindi page looks
 * it up in the catalogue its provider carries (the shopper's pages, client-messages.tsx), or else
 * in the one loadSpecCatalogue fetches once the page is up; until then (and while hydrating, so
 * server and browser agree) the message shows in English.
 */
export function useLocaliseMessage(): (message: string) => string {
  const locale = useLocale() as Locale;
  const messages = useMessages() as Record<string, unknown>;
  const carried = useMemo(
    () =>
      locale !== routing.defaultLocale && messages.messages && messages[ENGLISH_SPEC_MESSAGES]
        ? catalogueOf(locale, messages.messages, messages[ENGLISH_SPEC_MESSAGES])
        : undefined,
    [locale, messages],
  );
  const fetched = useSyncExternalStore(
    subscribe,
    () => loaded.get(locale),
    () => undefined,
  );
  const needed = locale !== routing.defaultLocale && !carried;
  useEffect(() => {
    if (needed) void loadSpecCatalogue(locale);
  }, [needed, locale]);
  const catalogue = carried ?? fetched;
  return useCallback(
    (message: string) =>
      catalogue ? localiseMessage(message, locale, catalogue.english, catalogue.translate) : message,
    [locale, catalogue],
  );
}

/** A behaviour.md §8 / §5 message as text in the page's language, where a component shows one inline: `<SpecMessage text={error} />`. */
export function SpecMessage({ text }: { text: string }): string {
  return useLocaliseMessage()(text);
}
