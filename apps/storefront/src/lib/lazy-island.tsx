'use client';

import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';

/**
 * A client island whose code loads after the page's own JavaScript and that needs no store:
 * `load` imports its module (`() => import('./x').then((m) => m.X)`); the fallback shows until
 * it is there.
 */
export function lazyIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Island = lazy(() => load().then((component) => ({ default: component })));
  function LazyIsland(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Island {...props} />
      </Suspense>
    );
  }
  return LazyIsland;
}
