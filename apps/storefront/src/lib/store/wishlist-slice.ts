import { createAction, createSlice } from '@reduxjs/toolkit';
import type { WishlistRef } from '@/lib/shopper-context';
import { loggedOut } from './auth-slice';

/**
 * What is left of the wishlist in the store: the refs the shopper bridge (shopper-bridge.ts)
 * mirrors between the store and the shopper context while the store still holds the session.
 * The wishlist itself lives in the shopper context (the refs: hearts, the header's count), the
 * /wishlist page's server read and the sidebar's state (features/wishlist/wishlist-state.ts).
 */
export type WishlistState = { refs: WishlistRef[] };

const initialState: WishlistState = { refs: [] };

/**
 * The shopper context's refs handed to the store (`fetchWishlistRefs.fulfilled(refs, source)`,
 * the action the bridge dispatches). No call: the refs are read on the server.
 */
export const fetchWishlistRefs = {
  fulfilled: createAction('wishlist/fetchRefs/fulfilled', (refs: WishlistRef[], source: string) => ({
    payload: refs,
    meta: { source },
  })),
};

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchWishlistRefs.fulfilled, (state, { payload }) => {
        state.refs = payload;
      })
      // behaviour.md §4: logout empties the wishlist.
      .addCase(loggedOut, () => initialState);
  },
});

export const wishlistReducer = wishlistSlice.reducer;
