import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { User } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer, loggedIn, loggedOut } from './auth-slice';

/**
 * behaviour.md §4 Login state, as the store's copy of the shopper (handed in from the shopper
 * context by lib/store/shopper-bridge.ts): a read of the current user is one of the ways to
 * become logged in, and logging out forgets the user.
 */
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

const authStore = () => configureStore({ reducer: combineReducers({ auth: authReducer }) });

describe('fetching the current user logs the shopper in (behaviour.md §4)', () => {
  it('a logged-out state (empty browser storage) becomes logged in with the user a current-user fetch found', () => {
    const store = authStore();
    assert.equal(store.getState().auth.isAuthenticated, false);
    // What the server render's current-user fetch (GET /auth/me as the shopper) hands the store.
    store.dispatch(loggedIn(asha));
    assert.equal(store.getState().auth.isAuthenticated, true);
    assert.deepEqual(store.getState().auth.user, asha);
  });

  it("a restored session's new read of the user keeps the shopper logged in with the fresh user", () => {
    const store = authStore();
    store.dispatch(loggedIn(asha));
    const renamed = { ...asha, name: 'Asha Rao' };
    store.dispatch(loggedIn(renamed));
    assert.equal(store.getState().auth.isAuthenticated, true);
    assert.deepEqual(store.getState().auth.user, renamed);
  });

  it('logging out forgets the user', () => {
    const store = authStore();
    store.dispatch(loggedIn(asha));
    store.dispatch(loggedOut());
    assert.equal(store.getState().auth.isAuthenticated, false);
    assert.equal(store.getState().auth.user, null);
  });
});
