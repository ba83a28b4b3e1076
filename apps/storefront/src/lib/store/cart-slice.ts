import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Cart } from '@vastra/contracts';
import { loggedOut } from './auth-slice';

/**
 * What is left of the cart in the Redux store: the cart the store's remaining islands see,
 * restored from browser storage and the cart context (lib/cart-channel.ts, shopper-bridge.ts).
 * Every cart call goes through the write helper (lib/api/browser/cart.ts, the login's merge in
 * features/auth/session.ts) and publishes its cart itself; this slice goes with the store.
 */
export type CartState = {
  cart: Cart | null;
  loading: boolean;
  pendingCalls: number;
  error: string | null;
};

const initialState: CartState = { cart: null, loading: false, pendingCalls: 0, error: null };

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** The cart another tab (or an earlier visit, or a write's answer) left in browser storage; null when none is stored. */
    cartRestored: (state, action: PayloadAction<Cart | null>) => {
      state.cart = action.payload;
    },
  },
  extraReducers: (builder) => {
    // behaviour.md §4 Logout: the stored cart goes.
    builder.addCase(loggedOut, () => initialState);
  },
});

export const { cartRestored } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
