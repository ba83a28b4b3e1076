import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation-server';
import { searchProducts } from '@/lib/api/server/products';
import { readOrFail } from '@/lib/page-failure';
import { pageMetadata } from '@/lib/seo';
import {
  catalogHref,
  parseCatalogQuery,
  type CatalogQuery,
  type CatalogScope,
  type RawSearchParams,
} from './catalog-query';

/**
 * Loads one listing page: the query from the URL, plus the scope's fixed filter. A failed search
 * throws PageReadFailed('search'), so a category or collection page says 'Failed to search
 * products' rather than its own read's text (behaviour.md §8 Catalogue).
 */
export async function loadListing(scope: CatalogScope, raw: RawSearchParams) {
  const query = parseCatalogQuery(raw, scope);
  const result = await readOrFail(
    'search',
    searchProducts({
      ...query,
      search: query.search || undefined,
      ...(scope.fixed ? { [scope.fixed.key]: [scope.fixed.value] } : {}),
    }),
  );
  // A page past the end (an old shared link) goes to the last page.
  if (result.meta.totalPages > 0 && query.page > result.meta.totalPages) {
    await redirect(catalogHref(scope, { ...query, page: result.meta.totalPages }));
  }
  return { query, result };
}

/**
 * Metadata of a listing: canonical URL without filters (page 2+ keeps its page), and
 * filtered or searched variants kept out of the index.
 */
export async function listingMetadata(
  scope: CatalogScope,
  query: CatalogQuery,
  { title, description, noindex = false }: { title: string; description: string; noindex?: boolean },
): Promise<Metadata> {
  const t = await getTranslations('catalog.pages');
  const path = query.page > 1 ? `${scope.basePath}?page=${query.page}` : scope.basePath;
  return pageMetadata({
    title: query.page > 1 ? t('withPage', { title, page: String(query.page) }) : title,
    description,
    path,
    noindex,
  });
}
