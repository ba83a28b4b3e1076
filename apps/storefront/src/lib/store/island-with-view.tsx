'use client';

import { lazy, type ComponentType, type ReactNode } from 'react';
import { PersistGate } from './store-provider';

/**
 * A store island over a view the server rendered: `view` (the island's own view component,
 * rendered by the server page with the same data and its controls disabled) shows in the
 * server HTML and until the store and the island's module (`load`) are ready; then the island
 * renders `props` with the same markup, its controls enabled. The view costs the page no
 * JavaScript: its code comes with the island's. `props` must be serialisable.
 */
export function storeIslandOverView<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<{ view: ReactNode; props: P }> {
  const Island = lazy(() => load().then((component) => ({ default: component })));
  function StoreIslandOverView({ view, props }: { view: ReactNode; props: P }) {
    return (
      <PersistGate fallback={view}>
        <Island {...props} />
      </PersistGate>
    );
  }
  return StoreIslandOverView;
}
