import type { CategoryNode } from '@vastra/contracts';

/** What the header and footer need of the category tree: masters with their sub-categories. */
export type NavCategory = {
  name: string;
  slug: string;
  children: { name: string; slug: string; children: { name: string; slug: string }[] }[];
};

export function categoryHref(slug: string): string {
  return `/category/${encodeURIComponent(slug)}`;
}

/** Masters with products, the busiest first; empty branches dropped. */
export function toNavCategories(tree: CategoryNode[], max = 6): NavCategory[] {
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
