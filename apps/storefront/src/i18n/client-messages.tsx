import { NextIntlClientProvider } from 'next-intl';
import { getLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { isLocale, routing, type Locale } from './routing';
import { loadMessages } from './request';
import { ENGLISH_SPEC_MESSAGES } from './spec-messages-lookup';

/**
 * Which messages a page's client components get. They travel inlined in the page's HTML, so a
 * page carries only what its client components use (docs/performance.md "Hindi pages against
 * English"):
 * - `browse`: the layout's (header, footer, login modal with its privacy notice, cart drawer,
 *   wishlist sidebar, install offer) and the catalogue pages' (home, listings, search, product, reviews).
 * - `shopper`: every namespace, for the shopper's own pages (account, sign-in, cart, checkout,
 *   orders, wishlist, alerts, cart reminders). A Hindi one also carries the behaviour.md §8 `messages` namespace
 *   and its English, so a store message it renders on the server hydrates in Hindi at once.
 * Of `messages`, a `browse` page carries only the alerts group (the product page's "Notify me", in
 * its server HTML); an English shopper's page none (the store messages are the constants); a Hindi
 * `browse` page's localiser loads it at the shopper's first tap (spec-messages.ts loadSpecCatalogue).
 */
export type MessageScope = 'browse' | 'shopper';

/** Dotted namespaces of the `browse` scope. */
export const BROWSE_NAMESPACES = [
  'common',
  'cart',
  'catalog',
  'product',
  'reviews',
  'wishlist',
  'pwa',
  'account.auth',
  'account.phone',
  'account.links',
  'account.privacy',
  'messages.alerts',
] as const;

type Messages = Record<string, unknown>;

/** `messages` cut down to the dotted `paths` (a namespace or one of its groups), nesting kept. */
export function pickNamespaces(messages: Messages, paths: readonly string[]): Messages {
  const picked: Messages = {};
  for (const path of paths) {
    const keys = path.split('.');
    let source: unknown = messages;
    for (const key of keys) source = (source as Messages | undefined)?.[key];
    if (source === undefined) throw new Error(`No messages for namespace ${path}`);
    let target = picked;
    for (const key of keys.slice(0, -1)) target = (target[key] ??= {}) as Messages;
    target[keys.at(-1)!] = source;
  }
  return picked;
}

/** The messages a page of `scope` in `locale` hands its client components (see MessageScope). */
export async function clientMessages(locale: Locale, scope: MessageScope): Promise<Messages> {
  const all: Messages = await loadMessages(locale);
  if (scope === 'browse') return pickNamespaces(all, BROWSE_NAMESPACES);
  const { messages, ...rest } = all;
  if (locale === routing.defaultLocale) return rest;
  return { ...rest, messages, [ENGLISH_SPEC_MESSAGES]: (await loadMessages(routing.defaultLocale)).messages };
}

/** Server component: the client components under it get the messages of `scope` in the request's language. */
export async function ClientMessages({ scope, children }: { scope: MessageScope; children: ReactNode }) {
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : routing.defaultLocale;
  return <NextIntlClientProvider messages={await clientMessages(locale, scope)}>{children}</NextIntlClientProvider>;
}

/** The layout of a shopper's route (account, sign-in, cart, checkout, wishlist, alerts, cart reminders): its client components get every message. */
export function ShopperPagesLayout({ children }: { children: ReactNode }) {
  return <ClientMessages scope="shopper">{children}</ClientMessages>;
}
