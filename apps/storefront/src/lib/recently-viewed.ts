import { RECENTLY_VIEWED, type ProductSummary } from '@vastra/contracts';
import { COOKIE_MAX_BYTES, cookieBytes, type BrowserCookie } from './browser-cookies';
import { toMediaSrc } from './media';

/**
 * The recently viewed list of behaviour.md §3 and §9: a cookie holding the products the shopper opened, as
 * JSON, newest first, each product once (opening one again moves it to the front), at most
 * RECENTLY_VIEWED.maxEntries (10), kept RECENTLY_VIEWED.maxAgeDays (7) after the last view.
 * Pure functions, so they run in the browser (writing), on the server (reading) and in tests.
 */

export const RECENTLY_VIEWED_COOKIE = 'recentlyViewed';

/**
 * A product as the list keeps it: only what a product card shows, with the image as its
 * same-origin `/media/…` path, so ten products fit in one cookie.
 */
export type RecentlyViewedProduct = Pick<
  ProductSummary,
  'id' | 'name' | 'brand' | 'price' | 'mrp' | 'discountPercent' | 'inStock' | 'rating'
> & { primaryImage: { url: string } | null };

type Viewable = Pick<
  ProductSummary,
  'id' | 'name' | 'brand' | 'price' | 'mrp' | 'discountPercent' | 'inStock' | 'rating' | 'primaryImage'
>;

/** The card fields of a product (a summary or a product page's detail). */
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

/** The list after viewing `product`: it goes first, any earlier entry of it goes, and the oldest beyond the cap drop off. */
export function addRecentlyViewed(
  list: readonly RecentlyViewedProduct[],
  product: RecentlyViewedProduct,
  maxEntries: number = RECENTLY_VIEWED.maxEntries,
): RecentlyViewedProduct[] {
  return [product, ...list.filter((p) => p.id !== product.id)].slice(0, maxEntries);
}

/**
 * The cookie that stores the list for RECENTLY_VIEWED.maxAgeDays. Browsers drop a cookie over
 * COOKIE_MAX_BYTES (4 KB) without a word, so when the JSON would be larger the oldest entries
 * are dropped until it fits: with long names the list may keep fewer than ten products.
 */
export function recentlyViewedCookie(list: readonly RecentlyViewedProduct[]): BrowserCookie {
  let kept = list.slice(0, RECENTLY_VIEWED.maxEntries);
  while (kept.length > 0 && cookieBytes(RECENTLY_VIEWED_COOKIE, JSON.stringify(kept)) > COOKIE_MAX_BYTES) {
    kept = kept.slice(0, -1);
  }
  return { name: RECENTLY_VIEWED_COOKIE, value: JSON.stringify(kept), maxAgeDays: RECENTLY_VIEWED.maxAgeDays };
}

/**
 * The list in a cookie's (decoded) value. Anything unreadable, from an older version or
 * edited by hand, counts as an empty list rather than breaking the page.
 */
export function parseRecentlyViewed(value: string | null | undefined): RecentlyViewedProduct[] {
  if (!value) return [];
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return [];
  }
  if (!Array.isArray(json)) return [];
  const list: RecentlyViewedProduct[] = [];
  for (const entry of json) {
    const product = readEntry(entry);
    if (product && !list.some((p) => p.id === product.id)) list.push(product);
  }
  return list.slice(0, RECENTLY_VIEWED.maxEntries);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One entry of the cookie as a RecentlyViewedProduct (only its fields kept), or null when a
 * field is missing or of another type. Checked by hand rather than with the contracts' zod
 * schema, which would bring zod to the product page's JavaScript (docs/performance.md).
 */
function readEntry(entry: unknown): RecentlyViewedProduct | null {
  if (!isRecord(entry) || !isRecord(entry.rating)) return null;
  const { id, name, brand, price, mrp, discountPercent, inStock, rating, primaryImage } = entry;
  const { average, count } = rating;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof brand !== 'string') return null;
  if (typeof price !== 'number' || typeof mrp !== 'number' || typeof inStock !== 'boolean') return null;
  if (typeof discountPercent !== 'number' || !Number.isInteger(discountPercent)) return null;
  if (typeof average !== 'number' || typeof count !== 'number' || !Number.isInteger(count)) return null;
  if (primaryImage !== null && !(isRecord(primaryImage) && typeof primaryImage.url === 'string')) return null;
  return {
    id,
    name,
    brand,
    price,
    mrp,
    discountPercent,
    inStock,
    rating: { average, count },
    primaryImage: primaryImage === null ? null : { url: primaryImage.url as string },
  };
}
