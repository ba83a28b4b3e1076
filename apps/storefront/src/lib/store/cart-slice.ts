import { createSlice } from '@reduxjs/toolkit';
import { CART_MESSAGES } from '@vastra/contracts';
import { getCart, type Cart } from '@/lib/api/cart';
import { createAppAsyncThunk, errorMessage } from './thunk';

/** The cart of §3 as the browser keeps it; adding, updating and merging arrive with the cart issue. */
export type CartState = { cart: Cart | null; loading: boolean; error: string | null };

const initialState: CartState = { cart: null, loading: false, error: null };

/**
 * Re-reads the cart the slice holds (§4: after an email login the cart is refreshed). With no
 * cart held there is nothing to refresh and no request is made.
 */
export const refreshCart = createAppAsyncThunk(
  'cart/refresh',
  async (_: void, { getState, extra, rejectWithValue }) => {
    const { auth, cart } = getState();
    try {
      const answer = await getCart(extra.api, auth.token ? null : (cart.cart?.guestId ?? null));
      return answer.data?.cart ?? null;
    } catch (error) {
      return rejectWithValue(errorMessage(error, CART_MESSAGES.fetch));
    }
  },
  { condition: (_, { getState }) => getState().cart.cart !== null },
);

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(refreshCart.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(refreshCart.fulfilled, (state, action) => {
        state.loading = false;
        state.cart = action.payload;
      })
      .addCase(refreshCart.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? null;
      });
  },
});

export const cartReducer = cartSlice.reducer;
