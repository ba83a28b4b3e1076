import type { Metadata } from 'next';
import { CatalogTemplate } from '@/features/catalog/catalog-template';
import { listingMetadata, loadListing } from '@/features/catalog/catalog-page';
import { STORE } from '@/lib/seo';
import { countActiveFilters, parseCatalogQuery, type CatalogScope } from '@/features/catalog/catalog-query';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const scope: CatalogScope = { basePath: '/shop', searchKey: 'search' };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = parseCatalogQuery(await searchParams, scope);
  return listingMetadata(scope, query, {
    title: query.search ? `Results for “${query.search}”` : 'Shop all products',
    description: `Shop clothing, footwear and accessories at ${STORE}: filter by category, colour, size, brand and price. Prices in ₹, inclusive of GST.`,
    noindex: Boolean(query.search) || countActiveFilters(query) > 0,
  });
}

export default async function ShopPage({ searchParams }: Props) {
  const { query, result } = await loadListing(scope, await searchParams);
  return (
    <CatalogTemplate
      scope={scope}
      query={query}
      result={result}
      heading={query.search ? `Results for “${query.search}”` : 'All products'}
      breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'Shop' }]}
    />
  );
}
