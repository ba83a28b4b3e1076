/**
 * For unit tests of stores with the RTK Query API (storefrontApi): RTK Query keeps an answer
 * no component uses for 60 s (keepUnusedDataFor) on a timer, and that timer kept each such
 * test file's process alive a minute after its last test. A store passed to `releasedAfterTests`
 * gets `resetApiState` once the file's tests are done, which clears those timers, so the file
 * ends with its tests. Nothing a test checks runs then.
 */
import { after } from 'node:test';
import type { UnknownAction } from '@reduxjs/toolkit';
import { storefrontApi } from '@/lib/api/browser/api';

type AnyStore = { dispatch: (action: UnknownAction) => unknown };
const stores = new Set<AnyStore>();

after(() => {
  for (const store of stores) store.dispatch(storefrontApi.util.resetApiState());
  stores.clear();
});

/** Registers `store` to have its API cache (and timers) reset after the test file; returns it. */
export function releasedAfterTests<S extends AnyStore>(store: S): S {
  stores.add(store);
  return store;
}
