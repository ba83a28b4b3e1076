import { RECENTLY_VIEWED, type ProductSummary } from '@vastra/contracts';
import { COOKIE_MAX_BYTES, cookieBytes, type BrowserCookie } from './browser-cookies';
import { toMediaSrc } from './media';

/**
 * The recently viewed list of behaviour.md §3 and §9: a cookie holding the products the shopper opened, as
 * JSON, newest first, each product once (opening one again moves it to the front), at most
 * RECENTLY_VIEWED.maxEntries (10), kept RECENTLY_VIEWED.maxAgeDays (7) after the last view.
 * Each entry is slim, `{ id }`: ten of them take about 500 bytes whatever the products' names, so
 * all ten fit in a cookie (a card's fields, with names in Devanagari percent-encoded, would not);
 * the server reads the products themselves when it shows the strip (recently-viewed-server.ts),
 * with today's price and stock. Pure functions, so they run in the browser (writing), on the
 * server (reading) and in tests.
 */

export const RECENTLY_VIEWED_COOKIE = 'recentlyViewed';

/** An entry of the cookie: the product's id. */
export type RecentlyViewedEntry = { id: string };

/** A product as the strip's cards show it. */
export type RecentlyViewedProduct = Pick<
  ProductSummary,
  'id' | 'name' | 'brand' | 'price' | 'mrp' | 'discountPercent' | 'inStock' | 'rating'
> & { primaryImage: { url: string } | null };

type Viewable = Pick<
  ProductSummary,
  'id' | 'name' | 'brand' | 'price' | 'mrp' | 'discountPercent' | 'inStock' | 'rating' | 'primaryImage'
>;

/** The card fields of a product (a summary or a product page's detail), with the image as its same-origin `/media/…` path. */
export function toRecentlyViewedProduct(product: Viewable): RecentlyViewedProduct {
  const image = toMediaSrc(product.primaryImage?.url);
  return {
    id: product.id,
    name: product.name,
    brand: product.brand,
    price: product.price,
    mrp: product.mrp,
    discountPercent: product.discountPercent,
    inStock: product.inStock,
    rating: { average: product.rating.average, count: product.rating.count },
    primaryImage: image ? { url: image } : null,
  };
}

/** The list after viewing product `id`: it goes first, any earlier entry of it goes, and the oldest beyond the cap drop off. */
export function addRecentlyViewed(
  list: readonly RecentlyViewedEntry[],
  id: string,
  maxEntries: number = RECENTLY_VIEWED.maxEntries,
): RecentlyViewedEntry[] {
  return [{ id }, ...list.filter((p) => p.id !== id)].slice(0, maxEntries);
}

/**
 * The cookie that stores the list for RECENTLY_VIEWED.maxAgeDays. Browsers drop a cookie over
 * COOKIE_MAX_BYTES (4 KB) without a word; ten product ids stay far below it, and should ids
 * ever grow that long the oldest entries are dropped until it fits.
 */
export function recentlyViewedCookie(list: readonly RecentlyViewedEntry[]): BrowserCookie {
  let kept = list.slice(0, RECENTLY_VIEWED.maxEntries).map(({ id }) => ({ id }));
  while (kept.length > 0 && cookieBytes(RECENTLY_VIEWED_COOKIE, JSON.stringify(kept)) > COOKIE_MAX_BYTES) {
    kept = kept.slice(0, -1);
  }
  return { name: RECENTLY_VIEWED_COOKIE, value: JSON.stringify(kept), maxAgeDays: RECENTLY_VIEWED.maxAgeDays };
}

/**
 * The list in a cookie's (decoded) value: the ids of its entries, newest first, each once.
 * Anything unreadable counts as an empty list rather than breaking the page; an older
 * version's whole products are read for their ids.
 */
export function parseRecentlyViewed(value: string | null | undefined): RecentlyViewedEntry[] {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const list: RecentlyViewedEntry[] = [];
  for (const entry of json) {
    const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
    if (typeof id === 'string' && id !== '' && !list.some((p) => p.id === id)) list.push({ id });
  }
  return list.slice(0, RECENTLY_VIEWED.maxEntries);
}
