import { createSlice, isFulfilled, isPending, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import { CART_MESSAGES, type Cart } from '@vastra/contracts';
import { ONCE, storefrontApi, withMessage, type Answer } from '@/lib/api/browser/api';
import { isStaleCart } from '@/lib/cart-storage';
import { clearGuestId, readGuestId } from '@/lib/guest-id';
import { loggedOut } from './auth-slice';
import type { RootState } from './store';
import { createAppAsyncThunk, errorMessage } from './thunk';

/**
 * What is left of the cart in the Redux store: the cart the login's listeners
 * (cart-listeners.ts) read and merge, mirrored into browser storage and the cart context
 * (lib/cart-channel.ts). The cart page, the checkout and Add to cart write through the write
 * helper (lib/api/browser/cart.ts) and publish their carts themselves; this slice goes with the
 * store once the login no longer needs it.
 */
export type CartState = {
  cart: Cart | null;
  /** Whether any cart call is in flight (`pendingCalls` of them). */
  loading: boolean;
  pendingCalls: number;
  error: string | null;
};

const initialState: CartState = { cart: null, loading: false, pendingCalls: 0, error: null };

type CartAnswer = Answer<{ cart: Cart }>;

/** The two cart calls the login's thunks still make through RTK Query. */
const cartApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /cart: the logged-in user's cart, or a guest's by guestId; an empty cart (id null) when there is none yet. */
    cart: build.query<CartAnswer, string | null>({
      query: (guestId) => ({ path: guestId ? `/cart?guestId=${encodeURIComponent(guestId)}` : '/cart' }),
      transformResponse: withMessage<{ cart: Cart }>,
    }),
    /** POST /cart/merge (login required): the guest's lines join the user's cart; idempotent. */
    mergeCart: build.mutation<CartAnswer, string>({
      query: (guestId) => ({ path: '/cart/merge', method: 'POST', json: { guestId } }),
      transformResponse: withMessage<{ cart: Cart }>,
    }),
  }),
});

/** Whose cart a call is about: a logged-in caller's is found by the session, a guest's by the guest id. */
const guestIdFor = (state: RootState): string | null => (state.auth.isAuthenticated ? null : readGuestId());
const hasOwner = (state: RootState) => state.auth.isAuthenticated || readGuestId() !== null;

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

const cartThunks = [fetchCart, mergeGuestCart] as const;

/** One call has ended (a logout in between has already reset the count). */
function settled(state: CartState) {
  state.pendingCalls = Math.max(0, state.pendingCalls - 1);
  state.loading = state.pendingCalls > 0;
}

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

export const { cartRestored } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
