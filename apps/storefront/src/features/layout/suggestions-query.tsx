'use client';

import type { ProductSummary } from '@vastra/contracts';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { fetchProducts } from '@/lib/store/products-slice';

/**
 * Asks the header's search suggestions for `query` (unless `skip`) through the products slice
 * (behaviour.md §4: its request status, and a repeat within 500 ms or an identical request skipped),
 * and hands the answer for the current query, undefined until it has succeeded, to the search
 * box. Loaded with the store; renders nothing.
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
  const dispatch = useAppDispatch();
  const { status, search, products } = useAppSelector((state) => state.products);
  useEffect(() => {
    if (!skip) void dispatch(fetchProducts({ search: query }));
  }, [dispatch, query, skip]);
  const data = !skip && search === query && status === 'succeeded' ? products : undefined;
  useEffect(() => {
    onData(data);
  }, [data, onData]);
  return null;
}
