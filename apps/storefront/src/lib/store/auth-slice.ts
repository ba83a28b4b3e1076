import type { User } from '@vastra/contracts';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * Who is logged in, as the Redux store's other slices (cart, wishlist, orders, checkout) still
 * read it while they are in the store. It is a copy: the shopper context
 * (lib/shopper-context.tsx), which the server renders and the logins and logouts of
 * features/auth/session.ts change, is the source, and lib/store/shopper-bridge.ts hands it in.
 * The browser authenticates with the API's httpOnly `auth_token` cookie alone, so no script
 * (nor localStorage) ever holds the session's token. "Logged in" is `isAuthenticated`.
 */
export type AuthState = { user: User | null; isAuthenticated: boolean };

const initialState: AuthState = { user: null, isAuthenticated: false };

const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    /** behaviour.md §4 Login state: a login, a registration or the server's read of `/auth/me` found this user. */
    loggedIn: (state, { payload }: PayloadAction<User>) => {
      state.user = payload;
      state.isAuthenticated = true;
    },
    /** behaviour.md §4 Logout: the user goes (the wishlist, orders, cart and checkout slices empty themselves too). */
    loggedOut: () => initialState,
  },
});

export const { loggedIn, loggedOut } = authSlice.actions;
export const authReducer = authSlice.reducer;
