'use client';

import type { ProductSummary } from '@vastra/contracts';
import { useLocale } from 'next-intl';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { readSuggestions } from '@/lib/api/browser/suggestions';
import { usePublicConfig } from '@/lib/public-config';
import { createProductList } from './product-list';

/**
 * The header's search suggestions for `query` ('' asks nothing): a product list of its own
 * (product-list.ts: the request status, and a repeat within 500 ms or an identical request
 * skipped, behaviour.md §4) over GET /products/search through the write helper's `read`.
 * Answers the products for the current query, undefined until they have come.
 */
export function useSuggestions(query: string): ProductSummary[] | undefined {
  const { apiUrl } = usePublicConfig();
  // The names in the page's language; a change of language is a new page, with a new list.
  const lang = useLocale() === 'hi' ? 'hi' : 'en';
  const [list] = useState(() => createProductList((search) => readSuggestions(apiUrl, search, lang)));
  const { status, search, products } = useSyncExternalStore(list.subscribe, list.getState, list.getState);
  useEffect(() => {
    if (query) void list.fetch({ search: query });
  }, [list, query]);
  return query && search === query && status === 'succeeded' ? products : undefined;
}
