'use client';

import { useRouter } from 'next/navigation';
import { createContext, useContext, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate as ReduxPersistGate } from 'redux-persist/integration/react';
import { usePublicConfig } from '@/lib/public-config';
import { getStore } from './store';

const PersistorContext = createContext<Persistor | null>(null);

/**
 * The Redux store for the whole app, rendered by the root layout around server-rendered
 * pages. It holds no UI back: only the islands that show persisted state wait for it, inside
 * a PersistGate, so catalogue pages keep their server HTML.
 */
export function StoreProvider({ children }: { children: ReactNode }) {
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  const [{ store, persistor }] = useState(() => getStore({ apiUrl, navigate: (path) => router.push(path) }));
  return (
    <Provider store={store}>
      <PersistorContext.Provider value={persistor}>{children}</PersistorContext.Provider>
    </Provider>
  );
}

/**
 * The persistor of this page, null on the server. Whoever leaves the app for another site (a
 * payment page) flushes it first, so the state the next page restores is the latest.
 */
export function usePersistor(): Persistor | null {
  return useContext(PersistorContext);
}

/**
 * Shows its children once the persisted state is restored (behaviour.md §4), the fallback until then and
 * in server HTML. Wrap only the client islands that depend on persisted state.
 */
export function PersistGate({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const persistor = useContext(PersistorContext);
  // No persistor while rendering on the server: nothing is restored there.
  if (!persistor) return fallback;
  return (
    <ReduxPersistGate persistor={persistor} loading={fallback}>
      {children}
    </ReduxPersistGate>
  );
}
