'use client';

import { Suspense, lazy, useSyncExternalStore } from 'react';
import type { PwaTexts } from './pwa-shell';

// Nothing of it shows until the browser goes offline or an install offer is due, so its code
// (and the service worker's registration) loads after the page's own and adds no first-load JS.
const PwaShell = lazy(() => import('./pwa-shell').then((module) => ({ default: module.PwaShell })));

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/**
 * Loads the installable app's part of the page (pwa-shell.tsx) after the page, drawn in the
 * browser only: the server has no connection state nor install memory to draw.
 */
export function PwaLoader({ texts }: { texts: PwaTexts }) {
  const hydrated = useSyncExternalStore(noSubscription, inBrowser, onServer);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PwaShell texts={texts} />
    </Suspense>
  );
}
