'use client';

import { storeIsland } from '@/lib/store/store-provider';

/**
 * The header's account area (behaviour.md §2): the account menu when logged in, otherwise a
 * Login button and the login modal it opens. It shows once the store is loaded and the
 * persisted auth state restored; until then (and in server HTML) an empty box of the same
 * size holds its place.
 */
export const HeaderAccount = storeIsland(
  () => import('./account-area').then((module) => module.AccountArea),
  <span aria-hidden="true" className="block h-10 w-20" />,
);
