import { VISITED_PRODUCTS } from '@vastra/contracts';
import type { VisitedProduct } from './store/auth-slice';
import { COOKIE_MAX_BYTES, cookieBytes, type BrowserCookie } from './browser-cookies';

/**
 * The visited products list of §3 and §9: a cookie of `{productId, timestamp (ISO), authToken,
 * guestId}` entries, newest first, at most VISITED_PRODUCTS.maxEntries (20), kept
 * VISITED_PRODUCTS.maxAgeDays (30). A product is added only the first time it is opened: a
 * later visit leaves its entry (and timestamp) as they are. The auth state's `visitedProducts`
 * holds the same list, and logging out empties both (§4). Pure functions, tested without a browser.
 */

export const VISITED_PRODUCTS_COOKIE = 'visitedProducts';

/**
 * The entry for a visit now. §3 asks for the auth token when logged in (and then no guest
 * id), otherwise the guest id. The token is the session's bearer: see visitedProductsCookie.
 */
export function visitedProductEntry({
  productId,
  at,
  authToken,
  guestId,
}: {
  productId: string;
  at: Date;
  authToken: string | null;
  guestId: string | null;
}): VisitedProduct {
  return {
    productId,
    timestamp: at.toISOString(),
    authToken: authToken ?? null,
    guestId: authToken ? null : (guestId ?? null),
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
 * The cookie that stores the list for VISITED_PRODUCTS.maxAgeDays. It is readable by the
 * page's scripts, so an entry's authToken (the session's bearer, as §3 asks) is as exposed as
 * anything a script can read, and is sent with every request to the site. The API's token
 * (~300 characters) makes an entry ~420 bytes encoded, so only about eight fit in a browser's
 * 4 KB: the oldest entries are dropped until the JSON fits (COOKIE_MAX_BYTES).
 */
export function visitedProductsCookie(list: readonly VisitedProduct[]): BrowserCookie {
  let kept = list.slice(0, VISITED_PRODUCTS.maxEntries);
  while (kept.length > 0 && cookieBytes(VISITED_PRODUCTS_COOKIE, JSON.stringify(kept)) > COOKIE_MAX_BYTES) {
    kept = kept.slice(0, -1);
  }
  return { name: VISITED_PRODUCTS_COOKIE, value: JSON.stringify(kept), maxAgeDays: VISITED_PRODUCTS.maxAgeDays };
}

const stringOrNull = (value: unknown): value is string | null => value === null || typeof value === 'string';

function isVisitedProduct(value: unknown): value is VisitedProduct {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry.productId === 'string' &&
    typeof entry.timestamp === 'string' &&
    stringOrNull(entry.authToken) &&
    stringOrNull(entry.guestId)
  );
}

/** The list in a cookie's (decoded) value; unreadable entries are left out. */
export function parseVisitedProducts(value: string | null | undefined): VisitedProduct[] {
  if (!value) return [];
  try {
    const json: unknown = JSON.parse(value);
    return Array.isArray(json) ? json.filter(isVisitedProduct).slice(0, VISITED_PRODUCTS.maxEntries) : [];
  } catch {
    return [];
  }
}
