import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WISHLIST_MESSAGES, type WishlistEntry } from '@vastra/contracts';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import type { BrowserApi } from '@/lib/api/browser/client';
import { authReducer, loggedIn as userLoggedIn, loggedOut } from './auth-slice';
import type { AppDispatch } from './store';
import {
  addToWishlist,
  deleteWishlistEntryById,
  fetchWishlist,
  fetchWishlistRefs,
  removeFromWishlist,
  wishlistReducer,
  type WishlistState,
} from './wishlist-slice';

function entry(id: string, productId = `product-${id}`): WishlistEntry {
  return {
    id,
    productId,
    variantId: `variant-${id}`,
    createdAt: '2026-01-05T10:00:00.000Z',
    product: {
      id: productId,
      slug: 'kurta',
      name: 'Cotton kurta',
      brand: 'Vastra',
      isActive: true,
      primaryImage: null,
    },
    variant: {
      id: `variant-${id}`,
      sku: `SKU-${id}`,
      size: 'M',
      color: 'Blue',
      price: 1299,
      mrp: 1999,
      inStock: true,
      images: [],
    },
  };
}

const start = (overrides: Partial<WishlistState> = {}): WishlistState => ({
  ...wishlistReducer(undefined, { type: '@@init' }),
  ...overrides,
});

/**
 * A store of the real slices whose API client records each call and answers none: the
 * thunks below must decide without asking the API.
 */
function storeWithoutApi({ loggedIn }: { loggedIn: boolean }) {
  const calls: string[] = [];
  const api: BrowserApi = {
    request: async (path) => {
      calls.push(path);
      throw new Error(`unexpected request ${path}`);
    },
    upload: async (path) => {
      throw new Error(`unexpected upload ${path}`);
    },
    download: async (path) => {
      throw new Error(`unexpected download ${path}`);
    },
  };
  const store = configureStore({
    reducer: combineReducers({ auth: authReducer, wishlist: wishlistReducer }),
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: { api } } }),
  });
  if (loggedIn) {
    store.dispatch(userLoggedIn({ id: 'u', email: 'asha@example.com' } as never));
  }
  // The thunks read only these two slices.
  return { store, dispatch: store.dispatch as unknown as AppDispatch, calls };
}

describe('wishlist reducers (behaviour.md §4)', () => {
  it('adding appends the entry and raises count by 1', () => {
    const state = wishlistReducer(
      start({ items: [entry('a')], count: 1 }),
      addToWishlist.fulfilled({ item: entry('b'), message: WISHLIST_MESSAGES.added }, 'r', { productId: 'product-b' }),
    );
    assert.deepEqual(
      state.items.map((e) => e.id),
      ['a', 'b'],
    );
    assert.equal(state.count, 2);
    assert.deepEqual(state.refs, [{ id: 'b', productId: 'product-b', variantId: 'variant-b' }]);
    assert.equal(state.message, WISHLIST_MESSAGES.added);
  });

  it('an entry the list already holds is not added twice', () => {
    const before = start({
      items: [entry('a')],
      count: 1,
      refs: [{ id: 'a', productId: 'product-a', variantId: 'variant-a' }],
    });
    const state = wishlistReducer(
      before,
      addToWishlist.fulfilled({ item: entry('a'), message: WISHLIST_MESSAGES.alreadyAdded }, 'r', {
        productId: 'product-a',
      }),
    );
    assert.equal(state.items.length, 1);
    assert.equal(state.count, 1);
    assert.equal(state.message, WISHLIST_MESSAGES.alreadyAdded);
  });

  it('removing filters out by id, lowers count and marks deleteSuccess', () => {
    const state = wishlistReducer(
      start({ items: [entry('a'), entry('b')], count: 5 }),
      deleteWishlistEntryById.fulfilled({ wishlistId: 'a', message: WISHLIST_MESSAGES.removed }, 'r', 'a'),
    );
    assert.deepEqual(
      state.items.map((e) => e.id),
      ['b'],
    );
    assert.equal(state.count, 4);
    assert.equal(state.deleteSuccess, true);
  });

  it('removing never lowers count below 0', () => {
    const state = wishlistReducer(
      start({ items: [entry('a')], count: 0 }),
      deleteWishlistEntryById.fulfilled({ wishlistId: 'a', message: WISHLIST_MESSAGES.removed }, 'r', 'a'),
    );
    assert.equal(state.count, 0);
  });

  it('a successful fetch with no items gives an empty list, count 0, totalPages 0', () => {
    const state = wishlistReducer(
      start({ items: [entry('a')], count: 3, meta: { currentPage: 1, totalPages: 1, limit: 10 } }),
      fetchWishlist.fulfilled({ items: [], count: 3, meta: { currentPage: 1, totalPages: 1, limit: 10 } }, 'r', {}),
    );
    assert.deepEqual(state.items, []);
    assert.equal(state.count, 0);
    assert.equal(state.meta.totalPages, 0);
  });

  it('the ids of the whole list set the hearts and the count', () => {
    const refs = [
      { id: 'a', productId: 'p1', variantId: 'v1' },
      { id: 'b', productId: 'p2', variantId: 'v2' },
    ];
    const state = wishlistReducer(start(), fetchWishlistRefs.fulfilled(refs, 'r'));
    assert.deepEqual(state.refs, refs);
    assert.equal(state.count, 2);
  });

  it('logout empties the wishlist and resets its paging', () => {
    const state = wishlistReducer(
      start({ items: [entry('a')], count: 7, meta: { currentPage: 3, totalPages: 4, limit: 10 }, refs: [] }),
      loggedOut(),
    );
    assert.deepEqual(state, start());
  });
});

describe('wishlist thunks that need no request (behaviour.md §5)', () => {
  it('fetching while logged out gives an empty list without a request', async () => {
    const { store, dispatch, calls } = storeWithoutApi({ loggedIn: false });
    await dispatch(fetchWishlist());
    assert.deepEqual(calls, []);
    assert.deepEqual(store.getState().wishlist.items, []);
    assert.equal(store.getState().wishlist.count, 0);
    assert.equal(store.getState().wishlist.error, null);
  });

  it("adding while logged out is 'Authentication required' without a request", async () => {
    const { dispatch, calls } = storeWithoutApi({ loggedIn: false });
    const result = await dispatch(addToWishlist({ productId: 'p1' }));
    assert.equal(result.payload, WISHLIST_MESSAGES.authRequired);
    assert.deepEqual(calls, []);
  });

  it("removing while logged out is 'Authentication required' without a request", async () => {
    const { dispatch, calls } = storeWithoutApi({ loggedIn: false });
    const result = await dispatch(removeFromWishlist('0b5a3c1e-1111-4222-8333-944445555666'));
    assert.equal(result.payload, WISHLIST_MESSAGES.authRequired);
    assert.deepEqual(calls, []);
  });

  it("an empty wishlist id is 'Invalid wishlist ID' without a request", async () => {
    const { store, dispatch, calls } = storeWithoutApi({ loggedIn: true });
    const result = await dispatch(removeFromWishlist('  '));
    assert.equal(result.payload, WISHLIST_MESSAGES.invalidId);
    assert.equal(store.getState().wishlist.error, WISHLIST_MESSAGES.invalidId);
    assert.deepEqual(calls, []);
  });
});
