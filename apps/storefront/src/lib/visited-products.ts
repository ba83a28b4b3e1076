import { VISITED_PRODUCTS } from '@vastra/contracts';
import { COOKIE_MAX_BYTES, cookieBytes, readCookie, writeCookie, type BrowserCookie } from './browser-cookies';

/**
 * A product the shopper opened (behaviour.md §3 Visited products), kept until logout. `authToken` stays
 * null: the session lives in the API's httpOnly cookie, never where a script can read it.
 */
export type VisitedProduct = { productId: string; timestamp: string; authToken: null; guestId: string | null };

/**
 * The visited products list of behaviour.md §3 and §9: a cookie of `{productId, timestamp (ISO), authToken,
 * guestId}` entries, newest first, at most VISITED_PRODUCTS.maxEntries (20), kept
 * VISITED_PRODUCTS.maxAgeDays (30). A product is added only the first time it is opened: a
 * later visit leaves its entry (and timestamp) as they are. The cookie is the list (no copy in
 * the page's state), and logging out deletes it (behaviour.md §4). Every entry carries the
 * `authToken` key, and its value is always null: the session is the API's httpOnly `auth_token`
 * cookie, which no script can read, and this cookie is readable by every script on the page, so
 * the token must never be copied into it. Pure functions, tested without a browser.
 */

export const VISITED_PRODUCTS_COOKIE = 'visitedProducts';

/**
 * The entry for a visit now: the guest id when logged out; when logged in neither a guest id
 * nor a token (behaviour.md §3's authToken stays null, see the module's note).
 */
export function visitedProductEntry({
  productId,
  at,
  isAuthenticated,
  guestId,
}: {
  productId: string;
  at: Date;
  isAuthenticated: boolean;
  guestId: string | null;
}): VisitedProduct {
  return {
    productId,
    timestamp: at.toISOString(),
    authToken: null,
    guestId: isAuthenticated ? null : (guestId ?? null),
  };
}

/** The list after a visit: unchanged when the product is already listed, else the entry goes first within the cap. */
export function addVisitedProduct(
  list: readonly VisitedProduct[],
  entry: VisitedProduct,
  maxEntries: number = VISITED_PRODUCTS.maxEntries,
): VisitedProduct[] {
  if (list.some((e) => e.productId === entry.productId)) return [...list];
  return [entry, ...list].slice(0, maxEntries);
}

/**
 * The cookie that stores the list for VISITED_PRODUCTS.maxAgeDays. Entries are written as
 * behaviour.md §3 lists them, `{productId, timestamp, authToken, guestId}`, with `authToken: null`
 * whatever the entry held (the session stays in its httpOnly cookie, see the module's note);
 * twenty guest entries of UUIDs take about 3.8 KB. Browsers drop a cookie over 4 KB without a
 * word, so should entries ever be longer the oldest are dropped until the JSON fits
 * (COOKIE_MAX_BYTES).
 */
export function visitedProductsCookie(list: readonly VisitedProduct[]): BrowserCookie {
  let kept = list
    .slice(0, VISITED_PRODUCTS.maxEntries)
    .map(({ productId, timestamp, guestId }) => ({ productId, timestamp, authToken: null, guestId }));
  while (kept.length > 0 && cookieBytes(VISITED_PRODUCTS_COOKIE, JSON.stringify(kept)) > COOKIE_MAX_BYTES) {
    kept = kept.slice(0, -1);
  }
  return { name: VISITED_PRODUCTS_COOKIE, value: JSON.stringify(kept), maxAgeDays: VISITED_PRODUCTS.maxAgeDays };
}

/** An entry as it may be kept: an older version's token (its session's bearer) is dropped. */
function withoutToken(entry: { productId: string; timestamp: string; guestId: string | null }): VisitedProduct {
  return { productId: entry.productId, timestamp: entry.timestamp, authToken: null, guestId: entry.guestId };
}

const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** An entry as stored: an older version's may lack the authToken key, or hold a token. */
type StoredEntry = { productId: string; timestamp: string; authToken?: string | null; guestId: string | null };

function isStoredEntry(value: unknown): value is StoredEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.productId === 'string' &&
    typeof entry.timestamp === 'string' &&
    (entry.authToken === undefined || stringOrNull(entry.authToken)) &&
    stringOrNull(entry.guestId)
  );
}

function storedEntries(value: string | null | undefined): StoredEntry[] {
  if (!value) return [];
  try {
    const json: unknown = JSON.parse(value);
    return Array.isArray(json) ? json.filter(isStoredEntry) : [];
  } catch {
    return [];
  }
}

/** The list in a cookie's (decoded) value, tokens dropped; unreadable entries are left out. */
export function parseVisitedProducts(value: string | null | undefined): VisitedProduct[] {
  return storedEntries(value).slice(0, VISITED_PRODUCTS.maxEntries).map(withoutToken);
}

/**
 * Whether a cookie's value still holds a session token (written by a version that put the
 * bearer in each entry): such a cookie is rewritten without it as soon as the app starts.
 */
export function visitedProductsHoldToken(value: string | null | undefined): boolean {
  return storedEntries(value).some((entry) => typeof entry.authToken === 'string');
}

/**
 * Rewrites the browser's visited products cookie without the tokens an older version put in it
 * (see visitedProductsHoldToken); a cookie without any is left as it is, so an expired one is
 * not brought back. Run once as the app starts (features/auth/session-keeper.tsx). Browser only.
 */
export function rewriteCookieWithToken(): void {
  const stored = readCookie(VISITED_PRODUCTS_COOKIE);
  if (visitedProductsHoldToken(stored)) writeCookie(visitedProductsCookie(parseVisitedProducts(stored)));
}
