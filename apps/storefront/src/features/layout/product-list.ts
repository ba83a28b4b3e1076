import { CATALOG_MESSAGES, PRODUCT_FETCH_THROTTLE_MS, type ProductSummary } from '@vastra/contracts';

/**
 * The product list the browser fetches itself (behaviour.md §4 Catalogue requests): the header's
 * search suggestions for a term. Listing pages are rendered on the server and have no such
 * state. Kept in memory only: a reload asks again.
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

export const initialProductsState: ProductsState = {
  status: 'idle',
  search: null,
  requestedAt: null,
  products: [],
  error: null,
};

/** A product request went out, or settled. */
export type ProductsEvent =
  | { type: 'requested'; search: string; at: number }
  | { type: 'answered'; search: string; products: ProductSummary[] }
  | { type: 'failed'; search: string; error: string };

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

/** The request status's transitions (behaviour.md §4), pure. An answer to an earlier term, arriving after a later request went out, is dropped. */
export function productsReducer(state: ProductsState, event: ProductsEvent): ProductsState {
  switch (event.type) {
    case 'requested':
      return { ...state, status: 'loading', search: event.search, requestedAt: event.at, error: null };
    case 'answered':
      if (event.search !== state.search) return state;
      return { ...state, status: 'succeeded', products: event.products };
    case 'failed':
      if (event.search !== state.search) return state;
      return { ...state, status: 'failed', products: [], error: event.error };
  }
}

/** A product list: its state now, a subscription to its changes, and a fetch. */
export type ProductList = {
  getState: () => ProductsState;
  subscribe: (onChange: () => void) => () => void;
  /**
   * Fetches the products for `search` unless behaviour.md §4 skips it (`force` asks anyway); a
   * skipped fetch sends nothing and changes no state. Resolves to what happened.
   */
  fetch: (request: { search: string; force?: boolean }) => Promise<'skipped' | 'succeeded' | 'failed'>;
};

/**
 * A product list over `load`, which fetches a term's products and throws an Error whose message
 * is the one to show (lib/api/browser/suggestions.ts `readSuggestions`: MutationError).
 */
export function createProductList(load: (search: string) => Promise<ProductSummary[]>): ProductList {
  let state = initialProductsState;
  const listeners = new Set<() => void>();
  const dispatch = (event: ProductsEvent) => {
    const next = productsReducer(state, event);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    getState: () => state,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    fetch: async ({ search, force = false }) => {
      if (!force && isProductFetchSkipped(state, search, Date.now())) return 'skipped';
      dispatch({ type: 'requested', search, at: Date.now() });
      try {
        dispatch({ type: 'answered', search, products: await load(search) });
        return 'succeeded';
      } catch (error) {
        dispatch({ type: 'failed', search, error: error instanceof Error ? error.message : CATALOG_MESSAGES.search });
        return 'failed';
      }
    },
  };
}
