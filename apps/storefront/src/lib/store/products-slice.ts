import { CATALOG_MESSAGES, PRODUCT_FETCH_THROTTLE_MS, type ProductSummary } from '@vastra/contracts';
import { createSlice } from '@reduxjs/toolkit';
import { suggestionsApi } from '@/lib/api/browser/suggestions';
import { createAppAsyncThunk, errorMessage } from './thunk';

/**
 * The product list the browser fetches itself (behaviour.md §4 Catalogue requests): the header's
 * search suggestions, GET /products/search for a term. Listing pages are rendered on the server
 * and have no such state. Not persisted: a reload asks again.
 */
export type ProductsStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

export type ProductsState = {
  status: ProductsStatus;
  /** The search term of the request last sent: the one `products` (or `error`) answers once it settles. */
  search: string | null;
  /** When that request was sent, in ms since the epoch (Date.now()). */
  requestedAt: number | null;
  products: ProductSummary[];
  /** behaviour.md §8: the server's message, else 'Failed to search products'. */
  error: string | null;
};

const initialState: ProductsState = { status: 'idle', search: null, requestedAt: null, products: [], error: null };

/**
 * behaviour.md §4, §9: whether a product fetch for `search` at `now` (ms) is skipped: the same request is
 * in flight or already answered, or the last one went out less than PRODUCT_FETCH_THROTTLE_MS
 * (500 ms) ago. A failed request may be asked again once that time has passed.
 */
export function isProductFetchSkipped(state: ProductsState, search: string, now: number): boolean {
  const identical = search === state.search && (state.status === 'loading' || state.status === 'succeeded');
  const tooSoon = state.requestedAt !== null && now - state.requestedAt < PRODUCT_FETCH_THROTTLE_MS;
  return identical || tooSoon;
}

/**
 * Fetches the products for a search term, unless behaviour.md §4 skips it (`force` asks anyway). The
 * skip is the thunk's `condition`, so a skipped call sends nothing and changes no state.
 */
export const fetchProducts = createAppAsyncThunk(
  'products/fetch',
  async ({ search, force = false }: { search: string; force?: boolean }, { dispatch, rejectWithValue }) => {
    try {
      // RTK Query's cache answers a term asked within the last minute; `force` asks the API again.
      const query = suggestionsApi.endpoints.searchSuggestions.initiate(search, {
        subscribe: false,
        forceRefetch: force,
      });
      return await dispatch(query).unwrap();
    } catch (error) {
      return rejectWithValue(errorMessage(error, CATALOG_MESSAGES.search));
    }
  },
  {
    condition: ({ search, force = false }, { getState }) =>
      force || !isProductFetchSkipped(getState().products, search, Date.now()),
  },
);

const productsSlice = createSlice({
  name: 'products',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchProducts.pending, (state, { meta }) => {
        state.status = 'loading';
        state.search = meta.arg.search;
        state.requestedAt = Date.now();
        state.error = null;
      })
      // An answer to an earlier term, arriving after a later request went out, is dropped.
      .addCase(fetchProducts.fulfilled, (state, { payload, meta }) => {
        if (meta.arg.search !== state.search) return;
        state.status = 'succeeded';
        state.products = payload;
      })
      .addCase(fetchProducts.rejected, (state, { payload, meta, error }) => {
        if (meta.condition || meta.arg.search !== state.search) return;
        state.status = 'failed';
        state.products = [];
        state.error = payload ?? error.message ?? CATALOG_MESSAGES.search;
      });
  },
});

export const productsReducer = productsSlice.reducer;
