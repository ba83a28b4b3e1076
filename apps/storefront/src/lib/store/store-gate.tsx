'use client';

import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate as ReduxPersistGate } from 'redux-persist/integration/react';
import type { AppStore } from './store';

/**
 * The store's context and the wait for the persisted state (behaviour.md §4), for
 * store-provider.tsx's PersistGate; loaded with the store, so react-redux and redux-persist
 * stay out of the page's first-load JavaScript.
 */
export function StoreGate({
  store,
  persistor,
  fallback,
  children,
}: {
  store: AppStore;
  persistor: Persistor;
  fallback: ReactNode;
  children: ReactNode;
}) {
  return (
    <Provider store={store}>
      <ReduxPersistGate persistor={persistor} loading={fallback}>
        {children}
      </ReduxPersistGate>
    </Provider>
  );
}
