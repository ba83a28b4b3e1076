import { WISHLIST_PAGE_SIZE } from '@vastra/contracts';
import { createSlice } from '@reduxjs/toolkit';
import { loggedOut } from './auth-slice';

/** The wishlist state of §3; the wishlist issue fills it. Entries take their shape then. */
export type WishlistState = {
  items: unknown[];
  count: number;
  loading: boolean;
  error: string | null;
  message: string | null;
  isOpen: boolean;
  deleteSuccess: boolean;
  meta: { currentPage: number; totalPages: number; limit: number };
};

const initialState: WishlistState = {
  items: [],
  count: 0,
  loading: false,
  error: null,
  message: null,
  isOpen: false,
  deleteSuccess: false,
  meta: { currentPage: 1, totalPages: 0, limit: WISHLIST_PAGE_SIZE },
};

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    // §4: logout empties the wishlist and resets its paging.
    builder.addCase(loggedOut, () => initialState);
  },
});

export const wishlistReducer = wishlistSlice.reducer;
