'use client';

import { useCallback, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useStoreRuntime } from '@/lib/store/store-provider';

const noSubscription = () => () => {};

/**
 * Server-rendered personal content that goes away when the shopper logs out on the page (the
 * account menu, or a 401 elsewhere): `signedOut` shows instead. Only a logout seen here counts:
 * a store that never knew the login (a valid session cookie with empty browser storage,
 * behaviour.md §4) keeps the server's content. Reads the store without importing Redux.
 */
export function ShopperOnly({ children, signedOut = null }: { children: ReactNode; signedOut?: ReactNode }) {
  const runtime = useStoreRuntime();
  const subscribe = useCallback(
    (onChange: () => void) => (runtime ? runtime.store.subscribe(onChange) : noSubscription()),
    [runtime],
  );
  const loggedIn = useSyncExternalStore(
    subscribe,
    () => (runtime ? runtime.store.getState().auth.isAuthenticated : null),
    () => null,
  );
  const [seenLoggedIn, setSeenLoggedIn] = useState(false);
  if (loggedIn && !seenLoggedIn) setSeenLoggedIn(true);
  return seenLoggedIn && loggedIn === false ? signedOut : children;
}
