import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CatalogTemplate } from '@/features/catalog/catalog-template';
import { listingMetadata, loadListing } from '@/features/catalog/catalog-page';
import { STORE } from '@/lib/seo';
import { countActiveFilters, parseCatalogQuery, type CatalogScope } from '@/features/catalog/catalog-query';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const scope: CatalogScope = { basePath: '/shop', searchKey: 'search' };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = parseCatalogQuery(await searchParams, scope);
  const t = await getTranslations('catalog.pages');
  return listingMetadata(scope, query, {
    title: query.search ? t('resultsFor', { search: query.search }) : t('shopTitle'),
    description: t('shopDescription', { store: STORE }),
    noindex: Boolean(query.search) || countActiveFilters(query) > 0,
  });
}

export default async function ShopPage({ searchParams }: Props) {
  const { query, result } = await loadListing(scope, await searchParams);
  const [t, tUi] = await Promise.all([getTranslations('catalog.pages'), getTranslations('common.ui')]);
  return (
    <CatalogTemplate
      scope={scope}
      query={query}
      result={result}
      heading={query.search ? t('resultsFor', { search: query.search }) : t('allProducts')}
      breadcrumbs={[{ label: tUi('home'), href: '/' }, { label: tUi('shop') }]}
    />
  );
}
