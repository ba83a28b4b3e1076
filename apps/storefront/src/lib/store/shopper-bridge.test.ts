import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { User } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { ShopperSnapshot } from '@/lib/shopper-context';
import { MemoryStorage } from '@/test-support/memory-storage';
import { authReducer, loggedIn } from './auth-slice';
import { cartReducer } from './cart-slice';
import { bridgeStore } from './shopper-bridge';
import type { AppStore } from './store';
import { wishlistReducer } from './wishlist-slice';

/**
 * The store's copy of the shopper follows the shopper context (behaviour.md §4 Login state,
 * Logout), which the logins and logouts outside the store change. Browser storage is a stand-in.
 */
const globals = globalThis as unknown as Record<string, unknown>;
beforeEach(() => {
  globals.window = { localStorage: new MemoryStorage(), addEventListener: () => {}, removeEventListener: () => {} };
});
afterEach(() => {
  delete globals.window;
});

const user = (id: string) => ({ id, email: `${id}@example.com`, name: id }) as User;
const storeWith = (shopper: User | null) => {
  const store = configureStore({
    reducer: combineReducers({
      auth: authReducer,
      cart: cartReducer,
      wishlist: wishlistReducer,
    }),
  });
  if (shopper) store.dispatch(loggedIn(shopper));
  return store as unknown as AppStore;
};
const bridge = (store: AppStore, snapshot: ShopperSnapshot) =>
  bridgeStore(store, { read: () => snapshot, setWishlistRefs: () => {} });

describe('the shopper bridge', () => {
  it("takes the context's user, and a logout when the context has none", () => {
    const store = storeWith(null);
    const { push, stop } = bridge(store, { user: user('asha'), wishlistRefs: [] });
    assert.equal(store.getState().auth.user?.id, 'asha');
    push({ user: null, wishlistRefs: null });
    assert.equal(store.getState().auth.isAuthenticated, false);
    stop();
  });

  it("a store loaded with another shopper's persisted state forgets it before taking the context's", () => {
    const store = storeWith(user('asha'));
    const forgotten: boolean[] = [];
    const unsubscribe = store.subscribe(() => forgotten.push(store.getState().auth.user === null));
    const { stop } = bridge(store, { user: user('ravi'), wishlistRefs: [] });
    assert.equal(forgotten[0], true);
    assert.equal(store.getState().auth.user?.id, 'ravi');
    unsubscribe();
    stop();
  });
});
