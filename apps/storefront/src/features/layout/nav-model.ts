import { CATALOG_MESSAGES, type CategoryNode } from '@vastra/contracts';

/** What the header and footer need of the category tree: masters with their sub-categories. */
export type NavCategory = {
  name: string;
  slug: string;
  children: { name: string; slug: string; children: { name: string; slug: string }[] }[];
};

export function categoryHref(slug: string): string {
  return `/category/${encodeURIComponent(slug)}`;
}

/**
 * The menu's categories: a list, or null when the categories call failed (the header then says
 * CATEGORIES_UNAVAILABLE beside 'Shop all' rather than showing an empty menu).
 */
export type NavCategories = NavCategory[] | null;

/** What the header's menu says when the categories could not be read (behaviour.md §8 Catalogue). */
export const CATEGORIES_UNAVAILABLE = CATALOG_MESSAGES.categories;

/** Masters with products, the busiest first; empty branches dropped. null (the call failed) stays null. */
export function toNavCategories(tree: CategoryNode[] | null, max = 6): NavCategories {
  if (!tree) return null;
  return tree
    .filter((master) => master.productCount > 0)
    .sort((a, b) => b.productCount - a.productCount)
    .slice(0, max)
    .map((master) => ({
      name: master.name,
      slug: master.slug,
      children: master.children
        .filter((sub) => sub.productCount > 0)
        .sort((a, b) => b.productCount - a.productCount)
        .map((sub) => ({
          name: sub.name,
          slug: sub.slug,
          children: sub.children
            .filter((article) => article.productCount > 0)
            .sort((a, b) => b.productCount - a.productCount)
            .slice(0, 8)
            .map((article) => ({ name: article.name, slug: article.slug })),
        })),
    }));
}
