'use client';

import { hydratedIsland } from '@/lib/hydrated-island';

/** The push controls (push-settings.tsx), loaded after the page's own code: no weight on its first load. */
export const PushSettingsIsland = hydratedIsland(() => import('./push-settings').then((module) => module.PushSettings));
