'use client';

import type { Sort } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { SORTS_SHOWN, withChanges, type CatalogQuery } from './catalog-query';
import { useCatalogShell } from './catalog-shell';
import { FILTER_FORM_ID } from './filter-panel';

/**
 * "Sort by" select. Part of the filter form (through the `form` attribute) so a plain form
 * submit keeps it; with JavaScript it applies at once.
 */
export function SortSelect({ query }: { query: CatalogQuery }) {
  const { navigate } = useCatalogShell();
  const id = useId();
  const t = useTranslations('catalog.sort');
  const value = query.sort ?? (query.search ? 'relevance' : 'newest');
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm whitespace-nowrap text-stone-700">
        {t('label')}
      </label>
      <select
        id={id}
        name="sort"
        form={FILTER_FORM_ID}
        value={value}
        onChange={(event) => navigate(withChanges(query, { sort: event.target.value as Sort }))}
        className="rounded-md border border-stone-300 bg-white py-2 pr-8 pl-3 text-sm font-medium text-stone-900 hover:border-stone-500"
      >
        {SORTS_SHOWN.map((sort) => (
          <option key={sort} value={sort}>
            {t(sort)}
          </option>
        ))}
      </select>
    </div>
  );
}
