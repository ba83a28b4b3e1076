'use client';

import { storeIsland } from '@/lib/store/store-provider';

/** What a page rendered for no logged-in shopper does once the store is there (signed-out.tsx). */
export const SignedOutWatch = storeIsland(() => import('./signed-out').then((module) => module.SignedOutWatch));
