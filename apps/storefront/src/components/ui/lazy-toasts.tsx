'use client';

import { Suspense, lazy, useSyncExternalStore } from 'react';

// Toasts answer what the shopper does, so their styling library loads after the page.
const Toasts = lazy(() => import('./toasts').then((module) => ({ default: module.Toasts })));

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * The toasts (toasts.tsx), loaded after the page; a toast raised before they are up waits for
 * them. They are drawn in the browser only: server HTML of the toaster would be hydrated
 * whenever its chunk arrives, and a toast raised before that (Add to cart clicked early) made
 * the client's first render differ from it.
 */
export function LazyToasts() {
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
