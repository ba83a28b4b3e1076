import { keepRegionId } from './region';
import { rewriteCookieWithToken } from './visited-products';

/**
 * What each tab does once as the app starts, whatever page the shopper opens first
 * (features/auth/session-keeper.tsx): the region id is kept in localStorage (behaviour.md §3),
 * a visited products cookie an older version wrote with the session's token is rewritten
 * without it, and what older versions kept in localStorage and nothing reads any more is
 * removed: `persist:vastra` held the Redux store's copy of the user's profile, wishlist and
 * orders, personal data that must not outlive its use. Browser only.
 */

/** localStorage keys of older versions, removed at start. */
export const RETIRED_STORAGE_KEYS = ['persist:vastra'] as const;

export function startTab(storage: Storage = window.localStorage): void {
  keepRegionId(storage);
  for (const key of RETIRED_STORAGE_KEYS) storage.removeItem(key);
  rewriteCookieWithToken();
}
