import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { productHref } from '@/lib/product-href';
import { getCategories, getCollections } from '@/lib/api/server/catalog';
import { searchProducts } from '@/lib/api/server/products';
import { absoluteUrl } from '@/lib/config';
import { localePath } from '@/i18n/paths';
import { LANGUAGE_TAG, routing } from '@/i18n/routing';
import { MAX_PAGE_LIMIT, POLICY_SLUGS, type CategoryNode } from '@vastra/contracts';

/** Most URLs one sitemap file may hold (sitemaps.org). */
const MAX_URLS = 50_000;

/** One sitemap entry (its url a path on the storefront) as one entry per language with alternates. */
function inEveryLanguage(entry: MetadataRoute.Sitemap[number]): MetadataRoute.Sitemap {
  const path = entry.url;
  const languages = Object.fromEntries(
    routing.locales.map((locale) => [LANGUAGE_TAG[locale], absoluteUrl(localePath(path, locale))]),
  );
  return routing.locales.map((locale) => ({
    ...entry,
    url: absoluteUrl(localePath(path, locale)),
    alternates: { languages },
  }));
}

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/**
 * Home, shop, the policy pages and the grievance page, every category, collection and product, in
 * every language: each page once per language, each naming the others as alternates (hreflang);
 * read from the API at request time.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const entries: MetadataRoute.Sitemap = [
    { url: '/', changeFrequency: 'daily', priority: 1 },
    { url: '/shop', changeFrequency: 'daily', priority: 0.9 },
    ...POLICY_SLUGS.map((slug) => ({ url: `/policies/${slug}`, changeFrequency: 'monthly' as const, priority: 0.3 })),
    { url: '/grievance', changeFrequency: 'yearly', priority: 0.2 },
  ];

  const categories = await getCategories().catch(() => []);
  for (const category of flatten(categories)) {
    if (category.productCount > 0) {
      entries.push({
        url: `/category/${encodeURIComponent(category.slug)}`,
        changeFrequency: 'daily',
        priority: 0.8,
      });
    }
  }

  for (let page = 1; ; page++) {
    const result = await getCollections(page, MAX_PAGE_LIMIT).catch(() => null);
    if (!result) break;
    for (const collection of result.collections) {
      entries.push({
        url: `/collections/${encodeURIComponent(collection.slug)}`,
        changeFrequency: 'weekly',
        priority: 0.7,
      });
    }
    if (page >= result.meta.totalPages) break;
  }

  for (let page = 1; entries.length * routing.locales.length < MAX_URLS; page++) {
    const result = await searchProducts({ page, limit: MAX_PAGE_LIMIT, sort: 'newest' }).catch(() => null);
    if (!result) break;
    for (const product of result.products) {
      entries.push({ url: productHref(product.id), changeFrequency: 'weekly', priority: 0.6 });
    }
    if (page >= result.meta.totalPages) break;
  }
  return entries.flatMap(inEveryLanguage).slice(0, MAX_URLS);
}
