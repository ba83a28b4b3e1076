import { COMMERCE_MESSAGES, REGION } from '@vastra/contracts';

/**
 * The region id of behaviour.md §3, kept in localStorage: the store sells in one
 * region, `india_region` (REGION of the contracts), which is the id of the commerce API's
 * carts and prices (`region_id`, behaviour.md §7 Commerce).
 */

/** localStorage key of the region id. */
export const REGION_ID_STORAGE_KEY = 'region_id';

/**
 * The kept region id, written first when none is kept or the kept one is not a region the
 * store sells in (an older build's, or edited by hand). Browser only.
 */
export function keepRegionId(storage: Storage = window.localStorage): string {
  if (storage.getItem(REGION_ID_STORAGE_KEY) !== REGION.id) storage.setItem(REGION_ID_STORAGE_KEY, REGION.id);
  return REGION.id;
}

/**
 * The URL of a commerce (`/store`) call priced in a region (`/store/products` and one product,
 * behaviour.md §7 Commerce) with its `region_id`. Throws Error('Region is not set')
 * (behaviour.md §5) when no region id is known (null, undefined or empty), before anything is
 * asked: prices are a region's, and the storefront does not guess one.
 */
export function withRegion(url: string, regionId: string | null | undefined): string {
  if (!regionId) throw new Error(COMMERCE_MESSAGES.regionNotSet);
  return `${url}${url.includes('?') ? '&' : '?'}region_id=${encodeURIComponent(regionId)}`;
}
