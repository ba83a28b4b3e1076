'use client';

import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { createTranslator, useLocale, useMessages } from 'next-intl';
import { routing, type Locale } from './routing';
import {
  ENGLISH_SPEC_MESSAGES,
  localiseMessage,
  type EnglishSpecMessages,
  type TranslateSpecMessage,
} from './spec-messages-lookup';

/**
 * The behaviour.md §8 / §5 messages in the page's language for client components (the lookup
 * itself is spec-messages-lookup.ts, which server code uses too).
 */

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
