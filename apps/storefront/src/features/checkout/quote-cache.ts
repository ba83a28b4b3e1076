import { TAX_MESSAGES, type CheckoutQuote, type CheckoutQuoteBody } from '@vastra/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { requestQuote } from '@/lib/api/browser/checkout';
import { MutationError } from '@/lib/api/browser/mutate';

/**
 * The checkout quotes asked in this tab (POST /checkout/quote, behaviour.md §4 Pricing), one per
 * body: the same lines, codes and destination are asked once, whether by the page or by a
 * code's Apply, whose quote is the one the page shows next. A quote with a code counts against
 * the API's per-address code-lookup limit, so nothing is asked twice while its answer is fresh
 * (QUOTE_FRESH_MS); an older one is shown while it is asked again, a failed one is asked again
 * when the page next wants it.
 */

/** How long an answered quote is shown again without asking (a shopper back from the cart within it). */
export const QUOTE_FRESH_MS = 60_000;

/** One body's quote: the last answer (or its failure's message) and whether it is being asked. */
export type QuoteEntry = {
  body: CheckoutQuoteBody;
  quote: CheckoutQuote | null;
  error: string | null;
  pending: boolean;
  answeredAt: number;
};

const entries = new Map<string, QuoteEntry>();
const inFlight = new Map<string, Promise<CheckoutQuote>>();
const listeners = new Set<() => void>();

const keyOf = (apiUrl: string, body: CheckoutQuoteBody) => `${apiUrl} ${JSON.stringify(body)}`;

function set(key: string, entry: QuoteEntry) {
  entries.set(key, entry);
  for (const listener of listeners) listener();
}

/** Whether `entry` can be shown without asking again. */
const isFresh = (entry: QuoteEntry | undefined, now: number) =>
  entry !== undefined && (entry.pending || (entry.quote !== null && now - entry.answeredAt < QUOTE_FRESH_MS));

/**
 * The quote of `body`: the fresh one kept, the one being asked, else a new POST
 * /checkout/quote. Throws MutationError with the API's message, else `fallback`
 * (behaviour.md §8: 'Failed to calculate taxes', or a code's own text while it is applied).
 */
export function askQuote(
  apiUrl: string,
  body: CheckoutQuoteBody,
  fallback: string = TAX_MESSAGES.calculate,
): Promise<CheckoutQuote> {
  const key = keyOf(apiUrl, body);
  const asked = inFlight.get(key);
  if (asked) return asked;
  const entry = entries.get(key);
  if (entry?.quote && isFresh(entry, Date.now())) return Promise.resolve(entry.quote);
  const request = requestQuote(apiUrl, body, fallback).then(
    (quote) => {
      set(key, { body, quote, error: null, pending: false, answeredAt: Date.now() });
      return quote;
    },
    (error: unknown) => {
      const message = error instanceof MutationError ? error.message : fallback;
      set(key, { body, quote: null, error: message, pending: false, answeredAt: Date.now() });
      throw error;
    },
  );
  const settled = () => inFlight.delete(key);
  request.then(settled, settled);
  inFlight.set(key, request);
  // An older answer stays on show while it is asked again.
  set(key, { body, quote: entry?.quote ?? null, error: null, pending: true, answeredAt: entry?.answeredAt ?? 0 });
  return request;
}

/** Keeps `quote` as the answer for `body` (the quote without a refused code is the one just answered). */
export function keepQuote(apiUrl: string, body: CheckoutQuoteBody, quote: CheckoutQuote): void {
  set(keyOf(apiUrl, body), { body, quote, error: null, pending: false, answeredAt: Date.now() });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The quote of `body` for a component (null: none wanted yet), asked when the body changes and
 * it has none fresh: `quote` is this body's answer only (a quote of earlier choices is not
 * shown as this one's), `quoting` while it is asked, `error` the message of its failure.
 */
export function useQuote(
  apiUrl: string,
  body: CheckoutQuoteBody | null,
): { quote: CheckoutQuote | null; quoting: boolean; error: string | null; quotedFor: CheckoutQuoteBody | null } {
  const json = body ? JSON.stringify(body) : null;
  const key = json === null ? null : `${apiUrl} ${json}`;
  const entry = useSyncExternalStore(
    subscribe,
    () => (key ? entries.get(key) : undefined),
    () => undefined,
  );
  useEffect(() => {
    if (json === null || isFresh(entries.get(`${apiUrl} ${json}`), Date.now())) return;
    // The failure is the entry's to show.
    askQuote(apiUrl, JSON.parse(json) as CheckoutQuoteBody).catch(() => {});
  }, [apiUrl, json]);
  return {
    quote: entry?.quote ?? null,
    quoting: key !== null && (entry === undefined || entry.pending),
    error: entry?.error ?? null,
    quotedFor: entry?.quote ? entry.body : null,
  };
}
