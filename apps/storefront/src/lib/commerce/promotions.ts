import 'server-only';
import { connection } from 'next/server';
import { commerceSdk } from './sdk';
import { toCommerceError } from './commerce-error';

/** A running coupon as the promotion banner shows it. */
export type BannerPromotion = { code: string; description: string };

/** Cache tag of the running promotions, for revalidateTag when coupons change. */
export const PROMOTIONS_TAG = 'promotions';

/**
 * GET /store/promotion (§7 Commerce backend): the coupon codes running now with their
 * description, cached for a minute. Never fails the page: when the backend or the key is
 * missing the answer is an empty list (and a warning in the server log).
 */
export async function getRunningPromotions(): Promise<BannerPromotion[]> {
  await connection();
  try {
    const { promotions } = await commerceSdk().client.fetch<{
      promotions: { code?: string; description?: string }[];
    }>('/store/promotion', {
      next: { revalidate: 60, tags: [PROMOTIONS_TAG] },
      signal: AbortSignal.timeout(3000),
    });
    return promotions.flatMap((p) => (p.code && p.description ? [{ code: p.code, description: p.description }] : []));
  } catch (error) {
    const failure = toCommerceError(error);
    console.warn(`Promotions unavailable (${failure.status || 'no answer'}): ${failure.message}`);
    return [];
  }
}
