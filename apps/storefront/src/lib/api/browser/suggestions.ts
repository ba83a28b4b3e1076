import type { ProductSearchResult, ProductSummary } from '@vastra/contracts';
import { storefrontApi } from './api';

/** How many products the header's suggestions list. */
const SUGGESTIONS = 6;

/**
 * The header's search suggestions (behaviour.md §7 Catalogue: GET /products/search), as an
 * RTK Query endpoint: one answer per term, kept for a minute, so typing back to a term asks
 * nothing. The products slice runs it (lib/store/products-slice.ts: the request status and the
 * 500 ms throttle of behaviour.md §4). A failure lists nothing and the plain search form still works.
 */
export const suggestionsApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    searchSuggestions: build.query<ProductSummary[], string>({
      query: (search) => ({
        path: `/products/search?${new URLSearchParams({ search, limit: String(SUGGESTIONS), page: '1' })}`,
      }),
      transformResponse: (data: ProductSearchResult | undefined) => data?.products ?? [],
    }),
  }),
});
