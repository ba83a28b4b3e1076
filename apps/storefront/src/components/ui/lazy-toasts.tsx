'use client';

import { Suspense, lazy } from 'react';

// Toasts answer what the shopper does, so their styling library loads after the page.
const Toasts = lazy(() => import('./toasts').then((module) => ({ default: module.Toasts })));

/** The toasts (toasts.tsx), loaded after the page; a toast raised before they are up waits for them. */
export function LazyToasts() {
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
