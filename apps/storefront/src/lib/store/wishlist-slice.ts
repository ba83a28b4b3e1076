import { WISHLIST_MESSAGES, WISHLIST_PAGE_SIZE, type WishlistEntry } from '@vastra/contracts';
import { createSlice } from '@reduxjs/toolkit';
import { ONCE } from '@/lib/api/browser/api';
import { wishlistApi, type WishlistRef } from '@/lib/api/browser/wishlist';
import { loggedOut } from './auth-slice';
import { createAppAsyncThunk, errorMessage, failureStatus } from './thunk';

export type WishlistMeta = { currentPage: number; totalPages: number; limit: number };

/**
 * The wishlist state of behaviour.md §3: one page of entries (`items`, newest first), the count of the
 * whole list, paging, the sidebar's `isOpen`, and the last call's outcome. `refs` holds every
 * entry's product and size (GET /wishlist/ids), so each heart knows whether it is pressed.
 */
export type WishlistState = {
  items: WishlistEntry[];
  count: number;
  loading: boolean;
  error: string | null;
  message: string | null;
  isOpen: boolean;
  deleteSuccess: boolean;
  meta: WishlistMeta;
  refs: WishlistRef[];
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
  refs: [],
};

/** The outcome of fetchWishlist: a page of entries and the count of the whole list. */
type WishlistPageResult = { items: WishlistEntry[]; count: number; meta: WishlistMeta };

const loggedIn = (state: { auth: { isAuthenticated: boolean } }) => state.auth.isAuthenticated;

/**
 * Fetches a page of the wishlist (defaults: page 1, 10 a page). behaviour.md §5: logged out, an empty list
 * and no request. behaviour.md §8: the server's message first, else 'Error fetching wishlist items';
 * 'Failed to fetch wishlist items' for an answer whose success is false.
 */
export const fetchWishlist = createAppAsyncThunk(
  'wishlist/fetch',
  async (paging: { page?: number; limit?: number } | void, { getState, dispatch, rejectWithValue }) => {
    const { page = 1, limit = WISHLIST_PAGE_SIZE } = paging ?? {};
    if (!loggedIn(getState())) {
      const empty: WishlistPageResult = { items: [], count: 0, meta: { currentPage: 1, totalPages: 0, limit } };
      return empty;
    }
    try {
      const answer = await dispatch(wishlistApi.endpoints.wishlistPage.initiate({ page, limit }, ONCE)).unwrap();
      const data = answer.data;
      if (!data) return rejectWithValue(answer.message ?? WISHLIST_MESSAGES.fetchFailed);
      const result: WishlistPageResult = { items: data.wishlist, count: data.count, meta: data.meta };
      return result;
    } catch (error) {
      // An HTTP success whose envelope says success: false.
      const status = failureStatus(error);
      const notSuccess = status !== undefined && status >= 200 && status < 300;
      return rejectWithValue(
        errorMessage(error, notSuccess ? WISHLIST_MESSAGES.fetchFailed : WISHLIST_MESSAGES.fetchError),
      );
    }
  },
);

/**
 * Every entry's product and size, for the hearts on cards and the product page. Only when
 * logged in; its length is the count of the whole list too.
 */
export const fetchWishlistRefs = createAppAsyncThunk(
  'wishlist/fetchRefs',
  async (_: void, { dispatch, rejectWithValue }) => {
    try {
      return await dispatch(wishlistApi.endpoints.wishlistIds.initiate(undefined, ONCE)).unwrap();
    } catch (error) {
      return rejectWithValue(errorMessage(error, WISHLIST_MESSAGES.fetchError));
    }
  },
  { condition: (_, { getState }) => loggedIn(getState()) },
);

/**
 * Adds a product (and size; without one the API keeps the first size in stock). Resolves to
 * the entry and the server's message ('Added to wishlist' or 'Already in your wishlist').
 * behaviour.md §5: 'Authentication required' when logged out, without a request.
 */
export const addToWishlist = createAppAsyncThunk(
  'wishlist/add',
  async (body: { productId: string; variantId?: string }, { getState, dispatch, rejectWithValue }) => {
    if (!loggedIn(getState())) return rejectWithValue(WISHLIST_MESSAGES.authRequired);
    try {
      const answer = await dispatch(wishlistApi.endpoints.addToWishlist.initiate(body)).unwrap();
      if (!answer.data?.item) return rejectWithValue(answer.message ?? WISHLIST_MESSAGES.add);
      return { item: answer.data.item, message: answer.message ?? WISHLIST_MESSAGES.added };
    } catch (error) {
      return rejectWithValue(errorMessage(error, WISHLIST_MESSAGES.add));
    }
  },
);

/**
 * DELETE /wishlist/{id} alone; its outcome is what the reducers record. Callers use
 * removeFromWishlist, which also refetches. behaviour.md §5: an empty id is 'Invalid wishlist ID' and a
 * logged-out shopper 'Authentication required', both without a request.
 */
export const deleteWishlistEntryById = createAppAsyncThunk(
  'wishlist/delete',
  async (wishlistId: string, { getState, dispatch, rejectWithValue }) => {
    if (!wishlistId.trim()) return rejectWithValue(WISHLIST_MESSAGES.invalidId);
    if (!loggedIn(getState())) return rejectWithValue(WISHLIST_MESSAGES.authRequired);
    try {
      const answer = await dispatch(wishlistApi.endpoints.removeFromWishlist.initiate(wishlistId)).unwrap();
      return { wishlistId, message: answer.message ?? WISHLIST_MESSAGES.removed };
    } catch (error) {
      return rejectWithValue(errorMessage(error, WISHLIST_MESSAGES.remove));
    }
  },
);

/**
 * Removes an entry by its id; then (behaviour.md §4) refetches the wishlist and clears deleteSuccess. The
 * refetch stays on the current page unless the removal emptied it. Resolves to the server's
 * message ('Removed from wishlist'); rejects with the behaviour.md §5/§8 message.
 */
export const removeFromWishlist = createAppAsyncThunk(
  'wishlist/remove',
  async (wishlistId: string, { getState, dispatch, rejectWithValue }) => {
    const result = await dispatch(deleteWishlistEntryById(wishlistId));
    if (deleteWishlistEntryById.rejected.match(result)) {
      return rejectWithValue(result.payload ?? WISHLIST_MESSAGES.remove);
    }
    const { count, meta } = getState().wishlist;
    const lastPage = Math.max(1, Math.ceil(count / meta.limit));
    await dispatch(fetchWishlist({ page: Math.min(meta.currentPage, lastPage), limit: meta.limit }));
    dispatch(deleteSuccessCleared());
    return result.payload.message;
  },
);

/** behaviour.md §4: opening the sidebar refetches the wishlist (its first page). */
export const openWishlist = createAppAsyncThunk('wishlist/open', async (_: void, { getState, dispatch }) => {
  dispatch(opened());
  await dispatch(fetchWishlist({ limit: getState().wishlist.meta.limit }));
});

const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    opened: (state) => {
      state.isOpen = true;
    },
    closeWishlist: (state) => {
      state.isOpen = false;
    },
    deleteSuccessCleared: (state) => {
      state.deleteSuccess = false;
    },
    clearWishlistMessage: (state) => {
      state.message = null;
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchWishlist.pending, (state) => {
        state.loading = true;
        state.error = null;
      })
      .addCase(fetchWishlist.fulfilled, (state, { payload }) => {
        state.loading = false;
        // behaviour.md §4: a successful fetch with no items is an empty list, count 0, totalPages 0.
        if (payload.items.length === 0 && payload.meta.currentPage <= 1) {
          state.items = [];
          state.count = 0;
          state.meta = { ...payload.meta, currentPage: 1, totalPages: 0 };
          return;
        }
        state.items = payload.items;
        state.count = payload.count;
        state.meta = payload.meta;
      })
      .addCase(fetchWishlist.rejected, (state, action) => {
        state.loading = false;
        state.error = action.payload ?? WISHLIST_MESSAGES.fetchError;
      })
      .addCase(fetchWishlistRefs.fulfilled, (state, { payload }) => {
        state.refs = payload;
        state.count = payload.length;
      })
      .addCase(addToWishlist.pending, (state) => {
        state.error = null;
        state.message = null;
      })
      .addCase(addToWishlist.fulfilled, (state, { payload: { item, message } }) => {
        state.message = message;
        // 'Already in your wishlist' answers with the entry the list already holds.
        if (state.refs.some((ref) => ref.id === item.id) || state.items.some((entry) => entry.id === item.id)) return;
        // behaviour.md §4: adding appends the entry and raises count by 1.
        state.items.push(item);
        state.count += 1;
        state.refs.push({ id: item.id, productId: item.productId, variantId: item.variantId });
      })
      .addCase(addToWishlist.rejected, (state, action) => {
        state.error = action.payload ?? WISHLIST_MESSAGES.add;
      })
      .addCase(deleteWishlistEntryById.pending, (state) => {
        state.error = null;
        state.message = null;
        state.deleteSuccess = false;
      })
      .addCase(deleteWishlistEntryById.fulfilled, (state, { payload: { wishlistId, message } }) => {
        // behaviour.md §4: removing filters out by id and lowers count, never below 0.
        const before = state.items.length + state.refs.length;
        state.items = state.items.filter((entry) => entry.id !== wishlistId);
        state.refs = state.refs.filter((ref) => ref.id !== wishlistId);
        if (state.items.length + state.refs.length < before) state.count = Math.max(0, state.count - 1);
        state.message = message;
        state.deleteSuccess = true;
      })
      .addCase(deleteWishlistEntryById.rejected, (state, action) => {
        state.error = action.payload ?? WISHLIST_MESSAGES.remove;
      })
      // behaviour.md §4: logout empties the wishlist and resets its paging.
      .addCase(loggedOut, () => initialState);
  },
});

const { opened, deleteSuccessCleared } = wishlistSlice.actions;
export const { closeWishlist, clearWishlistMessage } = wishlistSlice.actions;
export const wishlistReducer = wishlistSlice.reducer;
