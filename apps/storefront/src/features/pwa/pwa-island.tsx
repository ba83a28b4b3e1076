'use client';

import { Suspense, lazy, useSyncExternalStore } from 'react';

// Nothing of it shows until the browser goes offline or an install offer is due, so its code
// (and the service worker's registration) loads after the page's own and adds no first-load JS.
const PwaShell = lazy(() => import('./pwa-shell').then((module) => ({ default: module.PwaShell })));

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * The installable app's part of every page (pwa-shell.tsx), loaded after the page and drawn in
 * the browser only: the server has no connection state nor install memory to draw.
 */
export function PwaIsland() {
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PwaShell />
    </Suspense>
  );
}
