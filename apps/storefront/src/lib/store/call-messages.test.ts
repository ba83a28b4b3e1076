import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { CART_MESSAGES, GENERIC_MESSAGES } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { storefrontApi } from '@/lib/api/browser/api';
import { createBrowserApi } from '@/lib/api/browser/client';
import { authReducer, loggedIn } from './auth-slice';
import { addToCart, cartReducer, clearCart, fetchCart, removeCartItem, updateCartItem } from './cart-slice';
import type { AppDispatch } from './store';
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

/** Every cart call with the behaviour.md §8 text it must show when nothing better is known. */
const calls = (dispatch: AppDispatch) =>
  [
    [() => dispatch(addToCart({ productId: 'p1', variantId: 'v1', quantity: 1 })), CART_MESSAGES.add],
    [() => dispatch(fetchCart()), CART_MESSAGES.fetch],
    [() => dispatch(updateCartItem({ itemId: 'i1', quantity: 2 })), CART_MESSAGES.update],
    [() => dispatch(removeCartItem('i1')), CART_MESSAGES.remove],
    [() => dispatch(clearCart()), CART_MESSAGES.clear],
  ] as const;

describe("each call's own behaviour.md §8 text", () => {
  for (const [name, failure] of [
    ['the API cannot be reached', refused],
    ['the API does not answer in time', timedOut],
    ['the API fails unexpectedly (500 with its generic message)', serverError],
  ] as const) {
    it(`when ${name}, cart calls show their own text, not the login's or the generic one`, async () => {
      const { dispatch } = await loggedInStore();
      network = failure;
      for (const [call, expected] of calls(dispatch)) {
        const result = (await call()) as { payload?: unknown };
        assert.equal(result.payload, expected);
      }
    });
  }

  it("a server message about the call still comes first (the cart's 409)", async () => {
    const { store, dispatch } = await loggedInStore();
    network = async () => json(409, { success: false, message: 'Only 2 left in stock for this size.' });
    const added = await dispatch(addToCart({ productId: 'p1', variantId: 'v1', quantity: 3 }));
    assert.equal(added.payload, 'Only 2 left in stock for this size.');
    assert.equal(store.getState().cart.error, 'Only 2 left in stock for this size.');
  });
});
