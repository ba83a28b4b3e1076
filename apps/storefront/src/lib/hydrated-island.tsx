'use client';

import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { useHydrated } from './use-hydrated';

/**
 * A client island that needs no store and must not work before hydration (a form whose early
 * submit would be the browser's own GET, a view whose controls would do nothing): `fallback`
 * shows in the server HTML and until the page is hydrated and `load` (`() => import('./x').then(
 * (m) => m.X)`) has brought the island's code, which loads after the page's own. The fallback
 * can be the island's own view rendered by the server with its controls disabled, so nothing
 * moves when the island takes over (docs/architecture.md "Storefront data flow").
 */
export function hydratedIsland<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Island = lazy(() => load().then((component) => ({ default: component })));
  function HydratedIsland(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return fallback;
    return (
      <Suspense fallback={fallback}>
        <Island {...props} />
      </Suspense>
    );
  }
  return HydratedIsland;
}

/**
 * hydratedIsland over a view the server rendered: `view` (the island's view component, with the
 * same data and no handlers) shows until the island is there, then the island renders `props`.
 * `props` must be serialisable.
 */
export function hydratedIslandOverView<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<{ view: ReactNode; props: P }> {
  const Island = lazy(() => load().then((component) => ({ default: component })));
  function HydratedIslandOverView({ view, props }: { view: ReactNode; props: P }) {
    const hydrated = useHydrated();
    if (!hydrated) return view;
    return (
      <Suspense fallback={view}>
        <Island {...props} />
      </Suspense>
    );
  }
  return HydratedIslandOverView;
}
