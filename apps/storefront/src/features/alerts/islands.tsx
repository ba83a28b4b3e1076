'use client';

import { storeIsland } from '@/lib/store/store-provider';

/** The unsubscribe page's panel (unsubscribe-panel.tsx), loaded with the store. */
export const UnsubscribePanel = storeIsland(
  () => import('./unsubscribe-panel').then((module) => module.UnsubscribePanel),
  <div aria-hidden="true" className="min-h-40" />,
);
