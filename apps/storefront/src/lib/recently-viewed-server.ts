import 'server-only';
import { cookies } from 'next/headers';
import { RECENTLY_VIEWED_COOKIE, parseRecentlyViewed, type RecentlyViewedProduct } from './recently-viewed';

/** The recently viewed products (behaviour.md §3) in this request's cookie, newest first; [] when none or unreadable. */
export async function getRecentlyViewed(): Promise<RecentlyViewedProduct[]> {
  return parseRecentlyViewed((await cookies()).get(RECENTLY_VIEWED_COOKIE)?.value);
}
