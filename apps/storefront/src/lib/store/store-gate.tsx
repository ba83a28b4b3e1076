'use client';

import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/**
 * The store's context for store-provider.tsx's PersistGate, which renders it only once the
 * persisted state is restored (behaviour.md §4); loaded with the store, so react-redux stays
 * out of the page's first-load JavaScript.
 */
export function StoreGate({ store, children }: { store: AppStore; children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
