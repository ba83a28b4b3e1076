import 'server-only';
import { StoreError } from '@/lib/api/store-error';
import { getConfig } from '@/lib/config';
import { storeGet } from './client';

/** A running coupon as the promotion banner shows it. */
export type BannerPromotion = { code: string; description: string };

/** Cache tag of the running promotions, for revalidateTag when coupons change. */
export const PROMOTIONS_TAG = 'promotions';

/**
 * GET /store/promotion (behaviour.md §7 Commerce backend) on COMMERCE_URL (default API_URL) with
 * the COMMERCE_PUBLISHABLE_KEY: the coupon codes running now with their description, cached
 * for a minute. Never fails the page: when the backend or the key is missing the answer is an
 * empty list (and a warning in the server log).
 */
export async function getRunningPromotions(): Promise<BannerPromotion[]> {
  const baseUrl = (process.env.COMMERCE_URL?.trim() || getConfig().apiUrl).replace(/\/+$/, '');
  const publishableKey = process.env.COMMERCE_PUBLISHABLE_KEY?.trim() || null;
  try {
    const { promotions } = await storeGet<{ promotions?: { code?: string; description?: string }[] }>(
      `${baseUrl}/store/promotion`,
      { publishableKey, revalidate: 60, tags: [PROMOTIONS_TAG], timeoutMs: 3000 },
    );
    return (promotions ?? []).flatMap((p) =>
      p.code && p.description ? [{ code: p.code, description: p.description }] : [],
    );
  } catch (error) {
    const status = error instanceof StoreError ? ` (${error.status} ${error.statusText})` : '';
    console.warn(`Promotions unavailable: ${error instanceof Error ? error.message : String(error)}${status}`);
    return [];
  }
}
