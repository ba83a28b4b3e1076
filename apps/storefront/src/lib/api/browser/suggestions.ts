import { CATALOG_MESSAGES, type ProductSearchResult, type ProductSummary } from '@vastra/contracts';
import { read } from './mutate';

/** How many products the header's suggestions list. */
const SUGGESTIONS = 6;

/**
 * The header's search suggestions for a term (behaviour.md §7 Catalogue: GET /products/search,
 * first page of 6) through the write helper's `read`, names in the page's language `lang`
 * (docs/behaviour.md "Catalogue languages"). Throws MutationError with the API's
 * message, else behaviour.md §8's 'Failed to search products'; the search box then lists
 * nothing and its plain search form still works.
 */
export async function readSuggestions(
  apiUrl: string,
  search: string,
  lang: 'en' | 'hi' = 'en',
): Promise<ProductSummary[]> {
  const query = new URLSearchParams({ search, limit: String(SUGGESTIONS), page: '1', lang });
  const answer = await read<ProductSearchResult>(apiUrl, `/products/search?${query}`, {
    fallback: CATALOG_MESSAGES.search,
  });
  return answer.data?.products ?? [];
}
