import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { dedupeCrumbs } from '@/components/ui/breadcrumbs';
import { CatalogTemplate } from '@/features/catalog/catalog-template';
import { listingMetadata, loadListing } from '@/features/catalog/catalog-page';
import { STORE } from '@/lib/seo';
import { parseCatalogQuery, type CatalogScope } from '@/features/catalog/catalog-query';
import { findCategoryPath, getCategories } from '@/lib/api/server/catalog';
import { readOrFail } from '@/lib/page-failure';

type Props = {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** The category and its path; a failed categories call throws PageReadFailed('categories') (error.tsx). */
async function loadCategory(slug: string) {
  const path = findCategoryPath(await readOrFail('categories', getCategories()), slug);
  if (!path) notFound();
  const category = path[path.length - 1]!;
  const scope: CatalogScope = {
    basePath: `/category/${encodeURIComponent(category.slug)}`,
    searchKey: 'search',
    fixed: { key: 'categories', value: category.slug },
  };
  return { path, category, scope };
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { category, path, scope } = await loadCategory((await params).slug);
  const query = parseCatalogQuery(await searchParams, scope);
  const trail = path.map((c) => c.name).join(' › ');
  const t = await getTranslations('catalog.pages');
  return listingMetadata(scope, query, {
    title: t('categoryTitle', { name: category.name }),
    description: t('categoryDescription', {
      count: String(category.productCount),
      name: category.name,
      store: STORE,
      trail,
    }),
  });
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const { path, category, scope } = await loadCategory((await params).slug);
  const { query, result } = await loadListing(scope, await searchParams);
  const tUi = await getTranslations('common.ui');
  return (
    <CatalogTemplate
      scope={scope}
      query={query}
      result={result}
      heading={category.name}
      breadcrumbs={dedupeCrumbs([
        { label: tUi('home'), href: '/' },
        { label: tUi('shop'), href: '/shop' },
        ...path.map((c) => ({ label: c.name, href: `/category/${encodeURIComponent(c.slug)}` })),
      ])}
      links={category.children
        .filter((child) => child.productCount > 0)
        .map((child) => ({ label: child.name, href: `/category/${encodeURIComponent(child.slug)}` }))}
    />
  );
}
