'use client';

import { storeIslandOverView } from '@/lib/store/island-with-view';

/** The return form (return-flow.tsx) over the server's view of its first step (return-form-view.tsx). */
export const ReturnFlow = storeIslandOverView(() => import('./return-flow').then((module) => module.ReturnFlow));
