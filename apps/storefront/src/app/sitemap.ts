import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { productHref } from '@/lib/product-href';
import { getCategories, getCollections } from '@/lib/api/server/catalog';
import { searchProducts } from '@/lib/api/server/products';
import { absoluteUrl } from '@/lib/config';
import { MAX_PAGE_LIMIT, type CategoryNode } from '@vastra/contracts';

/** Most URLs one sitemap file may hold (sitemaps.org). */
const MAX_URLS = 50_000;

function flatten(nodes: CategoryNode[]): CategoryNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children)]);
}

/** Home, shop, every category, collection and product; read from the API at request time. */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  await connection();
  const entries: MetadataRoute.Sitemap = [
    { url: absoluteUrl('/'), changeFrequency: 'daily', priority: 1 },
    { url: absoluteUrl('/shop'), changeFrequency: 'daily', priority: 0.9 },
  ];

  const categories = await getCategories().catch(() => []);
  for (const category of flatten(categories)) {
    if (category.productCount > 0) {
      entries.push({
        url: absoluteUrl(`/category/${encodeURIComponent(category.slug)}`),
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
        url: absoluteUrl(`/collections/${encodeURIComponent(collection.slug)}`),
        changeFrequency: 'weekly',
        priority: 0.7,
      });
    }
    if (page >= result.meta.totalPages) break;
  }

  for (let page = 1; entries.length < MAX_URLS; page++) {
    const result = await searchProducts({ page, limit: MAX_PAGE_LIMIT, sort: 'newest' }).catch(() => null);
    if (!result) break;
    for (const product of result.products) {
      entries.push({ url: absoluteUrl(productHref(product.id)), changeFrequency: 'weekly', priority: 0.6 });
    }
    if (page >= result.meta.totalPages) break;
  }
  return entries.slice(0, MAX_URLS);
}
