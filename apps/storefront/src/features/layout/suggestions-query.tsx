'use client';

import type { ProductSummary } from '@vastra/contracts';
import { useEffect } from 'react';
import { useSearchSuggestionsQuery } from '@/lib/api/browser/suggestions';

/**
 * Asks the header's search suggestions for `query` (unless `skip`) and hands the answer for
 * the current query, undefined while it is asked, to the search box. Loaded with the store;
 * renders nothing.
 */
export function SuggestionsQuery({
  query,
  skip,
  onData,
}: {
  query: string;
  skip: boolean;
  onData: (data: ProductSummary[] | undefined) => void;
}) {
  const { currentData } = useSearchSuggestionsQuery(query, { skip });
  useEffect(() => {
    onData(currentData);
  }, [currentData, onData]);
  return null;
}
