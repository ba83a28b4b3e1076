import type { Envelope, ProductSearchResult, ProductSummary } from '@vastra/contracts';

/**
 * Browser-side call for the header's search suggestions: GET /products/search on the public
 * API address. Aborted by the caller when the shopper keeps typing.
 */
export async function fetchSearchSuggestions(
  apiUrl: string,
  search: string,
  signal: AbortSignal,
  limit = 6,
): Promise<ProductSummary[]> {
  const params = new URLSearchParams({ search, limit: String(limit), page: '1' });
  const res = await fetch(`${apiUrl}/products/search?${params}`, {
    signal,
    credentials: 'include',
    headers: { accept: 'application/json' },
  });
  if (!res.ok) return [];
  const body = (await res.json()) as Envelope<ProductSearchResult>;
  return body.success ? body.data.products : [];
}
