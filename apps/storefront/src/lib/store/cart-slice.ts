import { createSlice, isFulfilled, isPending, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import { CART_MESSAGES, type Cart } from '@vastra/contracts';
import { ONCE } from '@/lib/api/browser/api';
import { cartApi } from '@/lib/api/browser/cart';
import { isStaleCart } from '@/lib/cart-storage';
import { clearGuestId, ensureGuestId, readGuestId } from '@/lib/guest-id';
import { loggedOut } from './auth-slice';
import type { RootState } from './store';
import { createAppAsyncThunk, errorMessage } from './thunk';

/**
 * The cart of behaviour.md §3 and §4 as the browser keeps it: the API's `Cart` (money in rupees), whether a
 * call is in flight and the last call's error (behaviour.md §8 Cart messages, the server's first). The
 * slice is the cart's one writer: a store listener mirrors `cart` into browser storage under
 * `cart`, and the cart context brings changes made by other tabs back in with `cartRestored`.
 */
export type CartState = {
  cart: Cart | null;
  /** Whether any cart call is in flight (`pendingCalls` of them). */
  loading: boolean;
  pendingCalls: number;
  error: string | null;
};

const initialState: CartState = { cart: null, loading: false, pendingCalls: 0, error: null };

/** Whose cart a call is about: a logged-in caller's is found by the session, a guest's by the guest id. */
const guestIdFor = (state: RootState): string | null => (state.auth.isAuthenticated ? null : readGuestId());
const hasOwner = (state: RootState) => state.auth.isAuthenticated || readGuestId() !== null;

/** POST /cart/add. A guest's first item makes the guest id (behaviour.md §4 Guest cart). */
export const addToCart = createAppAsyncThunk(
  'cart/add',
  async (item: { productId: string; variantId: string; quantity: number }, { getState, dispatch, rejectWithValue }) => {
    try {
      const guestId = getState().auth.isAuthenticated ? null : ensureGuestId();
      const answer = await dispatch(cartApi.endpoints.addToCart.initiate({ item, guestId })).unwrap();
      if (!answer.data?.cart) return rejectWithValue(CART_MESSAGES.add);
      return { cart: answer.data.cart, message: answer.message ?? CART_MESSAGES.added };
    } catch (error) {
      return rejectWithValue(errorMessage(error, CART_MESSAGES.add));
    }
  },
);

/** GET /cart: the current cart from the API (prices and stock as they are now). Skipped for a guest with no guest id: no cart yet. */
export const fetchCart = createAppAsyncThunk(
  'cart/fetch',
  async (_: void, { getState, dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(cartApi.endpoints.cart.initiate(guestIdFor(getState()), ONCE)).unwrap();
      if (!answer.data?.cart) return rejectWithValue(CART_MESSAGES.fetch);
      return { cart: answer.data.cart, message: answer.message ?? '' };
    } catch (error) {
      return rejectWithValue(errorMessage(error, CART_MESSAGES.fetch));
    }
  },
  { condition: (_, { getState }) => hasOwner(getState()) },
);

/** PUT /cart/items/{id}: a line's new quantity. */
export const updateCartItem = createAppAsyncThunk(
  'cart/updateItem',
  async ({ itemId, quantity }: { itemId: string; quantity: number }, { getState, dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(
        cartApi.endpoints.updateCartItem.initiate({ itemId, quantity, guestId: guestIdFor(getState()) }),
      ).unwrap();
      if (!answer.data?.cart) return rejectWithValue(CART_MESSAGES.update);
      return { cart: answer.data.cart, message: answer.message ?? CART_MESSAGES.updated };
    } catch (error) {
      return rejectWithValue(errorMessage(error, CART_MESSAGES.update));
    }
  },
);

/** DELETE /cart/items/{id}. */
export const removeCartItem = createAppAsyncThunk(
  'cart/removeItem',
  async (itemId: string, { getState, dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(
        cartApi.endpoints.removeCartItem.initiate({ itemId, guestId: guestIdFor(getState()) }),
      ).unwrap();
      if (!answer.data?.cart) return rejectWithValue(CART_MESSAGES.remove);
      return { cart: answer.data.cart, message: answer.message ?? CART_MESSAGES.removed };
    } catch (error) {
      return rejectWithValue(errorMessage(error, CART_MESSAGES.remove));
    }
  },
);

/**
 * POST /cart/merge after a login (behaviour.md §4): the guest's lines join the user's cart, and the guest id
 * is forgotten once they have. Only for a logged-in shopper who has a guest id.
 */
export const mergeGuestCart = createAppAsyncThunk(
  'cart/merge',
  async (_: void, { dispatch, rejectWithValue }) => {
    const guestId = readGuestId();
    if (!guestId) return rejectWithValue(CART_MESSAGES.merge);
    try {
      const answer = await dispatch(cartApi.endpoints.mergeCart.initiate(guestId)).unwrap();
      if (!answer.data?.cart) return rejectWithValue(CART_MESSAGES.merge);
      clearGuestId();
      return { cart: answer.data.cart, message: answer.message ?? CART_MESSAGES.merged };
    } catch (error) {
      return rejectWithValue(errorMessage(error, CART_MESSAGES.merge));
    }
  },
  { condition: (_, { getState }) => getState().auth.isAuthenticated && readGuestId() !== null },
);

/** DELETE /cart/clear. */
export const clearCart = createAppAsyncThunk(
  'cart/clear',
  async (_: void, { getState, dispatch, rejectWithValue }) => {
    try {
      const answer = await dispatch(cartApi.endpoints.clearCart.initiate(guestIdFor(getState()))).unwrap();
      if (!answer.data?.cart) return rejectWithValue(CART_MESSAGES.clear);
      return { cart: answer.data.cart, message: answer.message ?? CART_MESSAGES.cleared };
    } catch (error) {
      return rejectWithValue(errorMessage(error, CART_MESSAGES.clear));
    }
  },
  { condition: (_, { getState }) => hasOwner(getState()) },
);

const cartThunks = [addToCart, fetchCart, updateCartItem, removeCartItem, mergeGuestCart, clearCart] as const;

export { isStaleCart };

/** One call has ended (a logout in between has already reset the count). */
function settled(state: CartState) {
  state.pendingCalls = Math.max(0, state.pendingCalls - 1);
  state.loading = state.pendingCalls > 0;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    /** The cart another tab (or an earlier visit) left in browser storage; null when none is stored. */
    cartRestored: (state, action: PayloadAction<Cart | null>) => {
      state.cart = action.payload;
    },
    /**
     * The cart the page's server read as the shopper (the cart and checkout pages render with
     * it): taken unless the store holds a later state of the same cart. Unlike a restored cart it
     * is written to browser storage, so the header and the other tabs follow.
     */
    cartRendered: (state, action: PayloadAction<Cart>) => {
      if (!isStaleCart(state.cart, action.payload)) state.cart = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      // behaviour.md §4 Logout: the stored cart goes; the next guest starts with a new guest id.
      .addCase(loggedOut, () => initialState)
      .addMatcher(isPending(...cartThunks), (state) => {
        state.pendingCalls += 1;
        state.loading = true;
        state.error = null;
      })
      .addMatcher(isFulfilled(...cartThunks), (state, { payload }) => {
        settled(state);
        if (!isStaleCart(state.cart, payload.cart)) state.cart = payload.cart;
      })
      .addMatcher(isRejected(...cartThunks), (state, action) => {
        settled(state);
        state.error = action.payload ?? action.error.message ?? null;
      });
  },
});

export const { cartRestored, cartRendered } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
