import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { GENERIC_MESSAGES, WISHLIST_MESSAGES } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { storefrontApi } from '@/lib/api/browser/api';
import { createBrowserApi } from '@/lib/api/browser/client';
import { authReducer, loggedIn } from './auth-slice';
import { cartReducer } from './cart-slice';
import type { AppDispatch } from './store';
import { addToWishlist, deleteWishlistEntryById, fetchWishlist, wishlistReducer } from './wishlist-slice';
import { releasedAfterTests } from '@/test-support/api-stores';

/**
 * behaviour.md §8: each call's own text, through the real browser client; only `fetch` (the HTTP
 * boundary) is replaced. What the network does to the next call is set by `network`.
 */
type Network = (url: string, init: RequestInit) => Promise<Response>;
let network: Network;
const realFetch = globalThis.fetch;

beforeEach(() => {
  globalThis.fetch = ((url: string, init: RequestInit) => network(url, init)) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused: Network = async () => {
  throw new TypeError('fetch failed');
};
const timedOut: Network = async () => {
  throw new DOMException('The operation timed out.', 'TimeoutError');
};
/** What the API's error handler answers for an unexpected failure (a 500 with its generic text). */
const serverError: Network = async () =>
  json(500, { success: false, message: GENERIC_MESSAGES.fallback, requestId: 'req-1' });

/** A store of the real slices and client, logged in (the cart then needs no guest id). */
async function loggedInStore() {
  const api = createBrowserApi({ baseUrl: 'http://api.test', onUnauthorized: () => {} });
  const store = configureStore({
    reducer: combineReducers({
      auth: authReducer,
      cart: cartReducer,
      wishlist: wishlistReducer,
      [storefrontApi.reducerPath]: storefrontApi.reducer,
    }),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api } } }).concat(storefrontApi.middleware),
  });
  releasedAfterTests(store);
  const dispatch = store.dispatch as unknown as AppDispatch;
  store.dispatch(loggedIn({ id: 'u1' } as never));
  assert.equal(store.getState().auth.isAuthenticated, true);
  return { store, dispatch };
}

/** Every cart, order and wishlist call with the behaviour.md §8 text it must show when nothing better is known. */
const calls = (dispatch: AppDispatch) =>
  [
    [() => dispatch(fetchWishlist({ page: 1 })), WISHLIST_MESSAGES.fetchError],
    [() => dispatch(addToWishlist({ productId: 'p1' })), WISHLIST_MESSAGES.add],
    [() => dispatch(deleteWishlistEntryById('w1')), WISHLIST_MESSAGES.remove],
  ] as const;

describe("each call's own behaviour.md §8 text", () => {
  for (const [name, failure] of [
    ['the API cannot be reached', refused],
    ['the API does not answer in time', timedOut],
    ['the API fails unexpectedly (500 with its generic message)', serverError],
  ] as const) {
    it(`when ${name}, cart, order and wishlist calls show their own text, not the login's or the generic one`, async () => {
      const { dispatch } = await loggedInStore();
      network = failure;
      for (const [call, expected] of calls(dispatch)) {
        const result = (await call()) as { payload?: unknown };
        assert.equal(result.payload, expected);
      }
    });
  }

  it("a server message about the call still comes first (the wishlist's 404)", async () => {
    const { dispatch } = await loggedInStore();
    network = async () => json(404, { success: false, message: WISHLIST_MESSAGES.notFound });
    const removed = await dispatch(deleteWishlistEntryById('w1'));
    assert.equal(removed.payload, WISHLIST_MESSAGES.notFound);
  });
});
