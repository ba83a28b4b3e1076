'use client';

import type { Order } from '@vastra/contracts';
import { Suspense, lazy, type ReactNode } from 'react';

const ReturnFlow = lazy(() => import('./return-flow').then((module) => ({ default: module.ReturnFlow })));

/**
 * The return form (return-flow.tsx) over the server's view of its first step (`view`:
 * return-form-view.tsx with no controls, every control disabled), which shows until the form's
 * code is there: the form, its checks and the upload load after the page's own JavaScript.
 */
export function ReturnFlowIsland({ order, view }: { order: Order; view: ReactNode }) {
  return (
    <Suspense fallback={view}>
      <ReturnFlow order={order} />
    </Suspense>
  );
}
