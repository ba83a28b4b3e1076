import 'server-only';
import { getLocale } from 'next-intl/server';
import {
  CATALOG_MESSAGES,
  categoryNodeSchema,
  collectionSchema,
  homepageSectionSchema,
  pageMetaSchema,
  type CatalogLang,
  type CategoryNode,
  type Collection,
  type HomepageSection,
  type PageMeta,
} from '@vastra/contracts';
import { apiGet, checked, toQueryString } from './client';

/**
 * The catalogue language of the page being rendered: its next-intl locale, so a page under /hi
 * gets the Hindi names and texts (English where the store wrote none; docs/behaviour.md
 * "Catalogue languages"). Sent as `lang` on every catalogue read: the language is then part of
 * the URL, which keys Next's data cache, so each language is kept apart under the same tags.
 */
export async function catalogLang(): Promise<CatalogLang> {
  return (await getLocale()) === 'hi' ? 'hi' : 'en';
}

/** Cache tags of catalogue reads, for revalidateTag when the catalogue changes (one tag covers every language). */
export const CATALOG_TAGS = {
  categories: 'categories',
  collections: 'collections',
  homepage: 'homepage',
  products: 'products',
  product: (id: string) => `product:${id}`,
} as const;

/** GET /categories: the master → sub → article tree, names in the page's language. */
export async function getCategories(): Promise<CategoryNode[]> {
  const data = await apiGet(`/categories${toQueryString({ lang: await catalogLang() })}`, {
    revalidate: 300,
    tags: [CATALOG_TAGS.categories],
    fallbackMessage: CATALOG_MESSAGES.categories,
  });
  return checked(categoryNodeSchema.array(), data.categories, 'categories');
}

/** GET /collections: one page of collections, in the page's language. */
export async function getCollections(page = 1, limit = 100): Promise<{ collections: Collection[]; meta: PageMeta }> {
  const data = await apiGet(`/collections${toQueryString({ page, limit, lang: await catalogLang() })}`, {
    revalidate: 300,
    tags: [CATALOG_TAGS.collections],
    fallbackMessage: CATALOG_MESSAGES.collections,
  });
  return {
    collections: checked(collectionSchema.array(), data.collections, 'collections'),
    meta: checked(pageMetaSchema, data.meta, 'collections meta'),
  };
}

/**
 * GET /homepage-sections, in display order, texts in `lang` (default: the page's language; the
 * bench's ceiling app, which has no languages, names it).
 */
export async function getHomepageSections(lang?: CatalogLang): Promise<HomepageSection[]> {
  const data = await apiGet(`/homepage-sections${toQueryString({ lang: lang ?? (await catalogLang()) })}`, {
    revalidate: 120,
    tags: [CATALOG_TAGS.homepage],
  });
  const sections = checked(homepageSectionSchema.array(), data.sections, 'homepage sections');
  return [...sections].sort((a, b) => a.position - b.position);
}

/** The path from a master category down to the one with this slug, or null. */
export function findCategoryPath(tree: CategoryNode[], slug: string): CategoryNode[] | null {
  for (const node of tree) {
    if (node.slug === slug) return [node];
    const below = findCategoryPath(node.children, slug);
    if (below) return [node, ...below];
  }
  return null;
}

/** A collection by slug, looking through every page of GET /collections. */
export async function findCollection(slug: string): Promise<Collection | null> {
  for (let page = 1; page <= 20; page++) {
    const { collections, meta } = await getCollections(page, 100);
    const found = collections.find((c) => c.slug === slug);
    if (found) return found;
    if (page >= meta.totalPages) break;
  }
  return null;
}
