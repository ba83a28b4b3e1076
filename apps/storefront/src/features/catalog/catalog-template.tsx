import type { ProductSearchResult } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { Breadcrumbs, type Crumb } from '@/components/ui/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { ProductGrid } from '@/components/ui/product-rail';
import { formatInteger } from '@/lib/format';
import { ActiveFilters } from './active-filters';
import { EMPTY_QUERY, catalogHref, countActiveFilters, type CatalogQuery, type CatalogScope } from './catalog-query';
import { CatalogShell, ResultsRegion } from './catalog-shell';
import { FilterDrawerTrigger, FilterPanel } from './filter-panel';
import { Pagination } from './pagination';
import { SortSelect } from './sort-select';

type CatalogTemplateProps = {
  scope: CatalogScope;
  query: CatalogQuery;
  result: ProductSearchResult;
  heading: string;
  intro?: string | null;
  breadcrumbs: Crumb[];
  /** Narrower listings to offer (a category's sub-categories). */
  links?: { label: string; href: string }[];
};

/**
 * Every product listing: /shop, /search, /category/[slug], /collections/[slug]. Filters,
 * sort and page live in the URL; the page is rendered on the server.
 */
export function CatalogTemplate({
  scope,
  query,
  result,
  heading,
  intro,
  breadcrumbs,
  links = [],
}: CatalogTemplateProps) {
  const t = useTranslations('catalog.listing');
  const { products, filters, meta } = result;
  const activeCount = countActiveFilters(query);
  const firstItem = meta.total === 0 ? 0 : (meta.page - 1) * meta.limit + 1;
  const lastItem = Math.min(meta.page * meta.limit, meta.total);

  return (
    <CatalogShell scope={scope}>
      <div className="mx-auto max-w-7xl px-4 pt-4 pb-8 sm:pt-6">
        <Breadcrumbs items={breadcrumbs} />
        <div className="mt-3 mb-5 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">{heading}</h1>
          <p data-testid="result-count" role="status" aria-live="polite" className="text-sm text-stone-600">
            {t('count', { count: meta.total, shown: formatInteger(meta.total) })}
          </p>
        </div>
        {intro && <p className="-mt-3 mb-5 max-w-3xl text-stone-600">{intro}</p>}
        {links.length > 0 && (
          <nav aria-label={t('shopWithin', { heading })} className="-mt-1 mb-5">
            <ul className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 lg:mx-0 lg:flex-wrap lg:px-0">
              {links.map((link) => (
                <li key={link.href} className="shrink-0">
                  <Link
                    href={link.href}
                    className="inline-block rounded-full border border-stone-300 px-4 py-1.5 text-sm font-medium text-stone-800 hover:border-brand-700 hover:text-brand-700"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className="lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
          <FilterPanel query={query} filters={filters} total={meta.total} />
          <div>
            <div className="mb-4 flex items-center justify-between gap-3 border-b border-stone-200 pb-3">
              <FilterDrawerTrigger activeCount={activeCount} />
              <p className="hidden text-sm text-stone-600 lg:block">
                {meta.total > 0
                  ? t('showing', { first: String(firstItem), last: String(lastItem), total: String(meta.total) })
                  : ''}
              </p>
              <SortSelect query={query} />
            </div>
            <ActiveFilters scope={scope} query={query} filters={filters} />
            <ResultsRegion>
              {products.length > 0 ? (
                <ProductGrid products={products} label={heading} preloadFirst={4} headingLevel="h2" />
              ) : (
                <EmptyState
                  headingLevel="h2"
                  heading={query.search ? t('noResultsFor', { search: query.search }) : t('noMatch')}
                  body={activeCount > 0 ? t('tryRemoving') : t('tryDifferent')}
                  actions={[
                    activeCount > 0
                      ? {
                          label: t('clearFilters'),
                          href: catalogHref(scope, { ...EMPTY_QUERY, search: query.search }),
                        }
                      : { label: t('browseAll'), href: '/shop' },
                  ]}
                />
              )}
              <Pagination scope={scope} query={query} totalPages={meta.totalPages} />
            </ResultsRegion>
          </div>
        </div>
      </div>
    </CatalogShell>
  );
}
