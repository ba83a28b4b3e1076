import 'server-only';
import { cookies } from 'next/headers';
import { getProduct } from './api/server/products';
import {
  RECENTLY_VIEWED_COOKIE,
  parseRecentlyViewed,
  toRecentlyViewedProduct,
  type RecentlyViewedProduct,
} from './recently-viewed';

/**
 * The recently viewed products (behaviour.md §3) of this request's cookie, newest first, as cards:
 * the cookie holds only their ids, so each is read from the API (GET /products/{id}, cached
 * like the product page's own read). A product that is gone, or cannot be read now, is left
 * out; [] when the cookie is missing or unreadable.
 */
export async function getRecentlyViewed(): Promise<RecentlyViewedProduct[]> {
  const entries = parseRecentlyViewed((await cookies()).get(RECENTLY_VIEWED_COOKIE)?.value);
  const read = await Promise.allSettled(entries.map(({ id }) => getProduct(id)));
  return read.flatMap((result) => (result.status === 'fulfilled' ? [toRecentlyViewedProduct(result.value)] : []));
}
