'use client';

import { lazy, type ComponentType, type ReactNode } from 'react';
import { PersistGate } from './store-provider';

/**
 * A store island that shows its data before the store is there: `View` renders the same props
 * as the island (server data, its controls `disabled`), in the server HTML and until the store
 * and the island's module (`load`) are ready; the island then takes over with the same markup,
 * its controls enabled. `View` must not use the store (nor import Redux): it is the page's own
 * JavaScript. Props must be serialisable when a server component renders it.
 */
export function storeIslandWithView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  View: ComponentType<P>,
): ComponentType<P> {
  const Island = lazy(() => load().then((component) => ({ default: component })));
  function StoreIslandWithView(props: P) {
    return (
      <PersistGate fallback={<View {...props} />}>
        <Island {...props} />
      </PersistGate>
    );
  }
  return StoreIslandWithView;
}

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
