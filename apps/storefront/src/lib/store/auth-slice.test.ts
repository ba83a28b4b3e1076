import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { User } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { storefrontApi } from '@/lib/api/browser/api';
import { createBrowserApi } from '@/lib/api/browser/client';
import { releasedAfterTests } from '@/test-support/api-stores';
import { authReducer, fetchCurrentUser, loggedOut, loginUser } from './auth-slice';
import type { AppDispatch } from './store';

/**
 * behaviour.md §4 Login state: fetching the current user is one of the ways to become logged in.
 * The real slice and browser client; only `fetch` (the HTTP boundary) is replaced.
 */
type Network = (url: string, init: RequestInit) => Promise<Response>;
let network: Network;
let asked: string[] = [];
const realFetch = globalThis.fetch;
beforeEach(() => {
  asked = [];
  globalThis.fetch = ((url: string, init: RequestInit) => {
    asked.push(url);
    return network(url, init);
  }) as typeof fetch;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const asha: User = {
  id: 'u1',
  email: 'asha@example.com',
  name: 'Asha',
  phone: null,
  gender: null,
  dateOfBirth: null,
  avatarUrl: null,
  isEmailVerified: true,
  hasPassword: true,
  googleLinked: false,
  addresses: [],
  createdAt: '2026-01-05T10:00:00.000Z',
};

function authStore() {
  let unauthorized = 0;
  const api = createBrowserApi({ baseUrl: 'http://api.test', onUnauthorized: () => unauthorized++ });
  const store = releasedAfterTests(
    configureStore({
      reducer: combineReducers({ auth: authReducer, [storefrontApi.reducerPath]: storefrontApi.reducer }),
      middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api } } }).concat(storefrontApi.middleware),
    }),
  );
  return { store, dispatch: store.dispatch as unknown as AppDispatch, unauthorized: () => unauthorized };
}

describe('fetching the current user logs the shopper in (behaviour.md §4)', () => {
  it('a logged-out state (empty browser storage) becomes logged in with the user a current-user fetch found', () => {
    const { store } = authStore();
    assert.equal(store.getState().auth.isAuthenticated, false);
    // What the server render's current-user fetch (GET /auth/me as the shopper) hands the store.
    store.dispatch(fetchCurrentUser.fulfilled(asha, 'server-render'));
    assert.equal(store.getState().auth.isAuthenticated, true);
    assert.deepEqual(store.getState().auth.user, asha);
  });

  it("a restored session's GET /auth/me keeps the shopper logged in with the fresh user", async () => {
    const { store, dispatch } = authStore();
    network = async () => json(200, { success: true, message: 'Logged in successfully', data: { user: asha } });
    await dispatch(loginUser({ email: asha.email, password: 'correct horse' }));
    const renamed = { ...asha, name: 'Asha Rao' };
    network = async () => json(200, { success: true, data: { user: renamed } });
    const result = await dispatch(fetchCurrentUser());
    assert.equal(result.meta.requestStatus, 'fulfilled');
    assert.ok(asked.at(-1)!.endsWith('/auth/me'));
    assert.equal(store.getState().auth.isAuthenticated, true);
    assert.deepEqual(store.getState().auth.user, renamed);
  });

  it('a guest is never asked about in the browser, so no 401 logs them out or sends them to /auth/login', async () => {
    const { store, dispatch, unauthorized } = authStore();
    store.dispatch(loggedOut());
    network = async () => json(401, { success: false, message: 'Session expired. Please login again.' });
    await dispatch(fetchCurrentUser());
    assert.deepEqual(asked, []);
    assert.equal(unauthorized(), 0);
    assert.equal(store.getState().auth.isAuthenticated, false);
  });
});
