import { COMMERCE_MESSAGES } from '@vastra/contracts';
import { CommerceError } from './commerce-error';

/**
 * The shopper's region id (§3: kept in local storage). Commerce calls that price or create
 * anything need it; without one they fail with 'Region is not set' (§5). Functions take the
 * storage so that they run (and are tested) outside a browser.
 */
export const REGION_STORAGE_KEY = 'region_id';

type RegionStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored region id, or null when none (or an empty one) is stored. */
export function readRegionId(storage: RegionStorage): string | null {
  const id = storage.getItem(REGION_STORAGE_KEY)?.trim();
  return id ? id : null;
}

/** The stored region id; a CommerceError 'Region is not set' (400) when there is none. */
export function requireRegionId(storage: RegionStorage): string {
  const id = readRegionId(storage);
  if (!id) throw new CommerceError(COMMERCE_MESSAGES.regionNotSet, 'Bad Request', 400);
  return id;
}

export function saveRegionId(storage: RegionStorage, id: string): void {
  storage.setItem(REGION_STORAGE_KEY, id);
}
