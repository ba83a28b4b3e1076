'use client';

import { hydratedIslandOverView } from '@/lib/hydrated-island';

/**
 * The return form (return-flow.tsx) over the server's view of its first step (`view`:
 * return-form-view.tsx with no controls, every control disabled), which shows until the form's
 * code is there: the form, its checks and the upload load after the page's own JavaScript.
 */
export const ReturnFlowIsland = hydratedIslandOverView(() =>
  import('./return-flow').then((module) => module.ReturnFlow),
);
