import type { Metadata } from 'next';
import { CatalogTemplate } from '@/features/catalog/catalog-template';
import { listingMetadata, loadListing } from '@/features/catalog/catalog-page';
import { STORE } from '@/lib/seo';
import { parseCatalogQuery, type CatalogScope } from '@/features/catalog/catalog-query';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const scope: CatalogScope = { basePath: '/search', searchKey: 'q' };

const headingFor = (search: string) => (search ? `Results for “${search}”` : 'Search');

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = parseCatalogQuery(await searchParams, scope);
  return listingMetadata(scope, query, {
    title: headingFor(query.search),
    description: query.search
      ? `Shop ${query.search} at ${STORE}. Prices in ₹, inclusive of GST, delivered across India.`
      : `Search the ${STORE} catalogue.`,
    noindex: true,
  });
}

export default async function SearchPage({ searchParams }: Props) {
  const { query, result } = await loadListing(scope, await searchParams);
  return (
    <CatalogTemplate
      scope={scope}
      query={query}
      result={result}
      heading={headingFor(query.search)}
      breadcrumbs={[{ label: 'Home', href: '/' }, { label: 'Search' }]}
    />
  );
}
