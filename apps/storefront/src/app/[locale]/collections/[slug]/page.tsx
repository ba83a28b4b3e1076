import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CatalogTemplate } from '@/features/catalog/catalog-template';
import { listingMetadata, loadListing } from '@/features/catalog/catalog-page';
import { parseCatalogQuery, type CatalogScope } from '@/features/catalog/catalog-query';
import { findCollection } from '@/lib/api/server/catalog';
import { readOrFail } from '@/lib/page-failure';
import { STORE, truncateDescription } from '@/lib/seo';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The collection; a failed collections call throws PageReadFailed('collections') (error.tsx). */
async function loadCollection(slug: string) {
  const collection = await readOrFail('collections', findCollection(slug));
  if (!collection) notFound();
  const scope: CatalogScope = {
    basePath: `/collections/${encodeURIComponent(collection.slug)}`,
    searchKey: 'search',
    fixed: { key: 'collections', value: collection.slug },
  };
  return { collection, scope };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { collection, scope } = await loadCollection((await params).slug);
  const query = parseCatalogQuery(await searchParams, scope);
  const t = await getTranslations('catalog.pages');
  return listingMetadata(scope, query, {
    title: collection.name,
    description: truncateDescription(
      collection.description || t('collectionDescription', { name: collection.name, store: STORE }),
    ),
  });
}

export default async function CollectionPage({ params, searchParams }: Props) {
  const { collection, scope } = await loadCollection((await params).slug);
  const { query, result } = await loadListing(scope, await searchParams);
  const tUi = await getTranslations('common.ui');
  return (
    <CatalogTemplate
      scope={scope}
      query={query}
      result={result}
      heading={collection.name}
      intro={collection.description}
      breadcrumbs={[
        { label: tUi('home'), href: '/' },
        { label: tUi('shop'), href: '/shop' },
        { label: collection.name },
      ]}
    />
  );
}
