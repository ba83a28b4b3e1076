import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { CatalogTemplate } from '@/features/catalog/catalog-template';
import { listingMetadata, loadListing } from '@/features/catalog/catalog-page';
import { STORE } from '@/lib/seo';
import { parseCatalogQuery, type CatalogScope } from '@/features/catalog/catalog-query';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const scope: CatalogScope = { basePath: '/search', searchKey: 'q' };

/** "Results for “kurta”", or "Search" without a term, in the page's language. */
async function headingFor(search: string): Promise<string> {
  const t = await getTranslations('catalog.pages');
  return search ? t('resultsFor', { search }) : t('search');
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const query = parseCatalogQuery(await searchParams, scope);
  const t = await getTranslations('catalog.pages');
  return listingMetadata(scope, query, {
    title: await headingFor(query.search),
    description: query.search
      ? t('searchDescriptionFor', { search: query.search, store: STORE })
      : t('searchDescription', { store: STORE }),
    noindex: true,
  });
}

export default async function SearchPage({ searchParams }: Props) {
  const { query, result } = await loadListing(scope, await searchParams);
  const [t, tUi] = await Promise.all([getTranslations('catalog.pages'), getTranslations('common.ui')]);
  return (
    <CatalogTemplate
      scope={scope}
      query={query}
      result={result}
      heading={await headingFor(query.search)}
      breadcrumbs={[{ label: tUi('home'), href: '/' }, { label: t('search') }]}
    />
  );
}
