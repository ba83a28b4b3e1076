import { RECENTLY_VIEWED, imageSchema, productSummarySchema, type ProductSummary } from '@vastra/contracts';
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
const recentlyViewedProductSchema = productSummarySchema
  .pick({
    id: true,
    name: true,
    brand: true,
    price: true,
    mrp: true,
    discountPercent: true,
    inStock: true,
    rating: true,
  })
  .extend({ primaryImage: imageSchema.pick({ url: true }).nullable() });
export type RecentlyViewedProduct = ReturnType<typeof recentlyViewedProductSchema.parse>;

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
    const parsed = recentlyViewedProductSchema.safeParse(entry);
    if (parsed.success && !list.some((p) => p.id === parsed.data.id)) list.push(parsed.data);
  }
  return list.slice(0, RECENTLY_VIEWED.maxEntries);
}
