/**
 * The catalogue's taxonomy (behaviour.md §3 Category list, Collections; §7 GET /categories,
 * GET /collections): the category tree with product counts and the active collections. Image
 * paths leave as absolute URLs.
 */
import type { CatalogLang, CategoryNode, Collection, PageMeta } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { inLang } from './summary';

/**
 * The category tree with product counts (a parent counts its children's); empty branches and
 * hidden categories, with everything below them, left out. Names in `lang`, English where no
 * Hindi one is written.
 */
export async function loadCategoryTree(
  db: Db,
  mediaUrl: (path: string) => string,
  lang: CatalogLang = 'en',
): Promise<{ categories: CategoryNode[]; count: number }> {
  type Row = {
    id: string;
    name: string;
    name_hi: string | null;
    slug: string;
    parent_id: string | null;
    level: CategoryNode['level'];
    image: string | null;
    own_count: number;
  };
  const rows = await queryRows<Row>(
    db,
    sql`
    SELECT c.id, c.name, c.name_hi, c.slug, c.parent_id, c.level, c.image, c.position,
           COALESCE(n.count, 0)::int AS own_count
    FROM categories c
    LEFT JOIN (SELECT category_id, count(*) AS count FROM products WHERE is_active GROUP BY category_id) n
      ON n.category_id = c.id
    WHERE c.is_active
    ORDER BY c.position, c.name`,
  );
  const nodes = new Map<string, CategoryNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      name: inLang(lang, r.name, r.name_hi),
      slug: r.slug,
      parent: r.parent_id,
      level: r.level,
      productCount: r.own_count,
      image: r.image ? mediaUrl(r.image) : null,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const node of nodes.values()) {
    // A category whose parent is not in the map sits under a hidden one: it leaves too.
    if (node.parent === null) roots.push(node);
    else nodes.get(node.parent)?.children.push(node);
  }
  const total = (node: CategoryNode): number => {
    node.productCount += node.children.reduce((sum, child) => sum + total(child), 0);
    return node.productCount;
  };
  roots.forEach(total);
  const prune = (list: CategoryNode[]): CategoryNode[] =>
    list.filter((n) => n.productCount > 0).map((n) => ({ ...n, children: prune(n.children) }));
  const tree = prune(roots);
  const count = (list: CategoryNode[]): number => list.reduce((sum, n) => sum + 1 + count(n.children), 0);
  return { categories: tree, count: count(tree) };
}

/** A page of the active collections in their order, with product counts; names and descriptions in `lang`. */
export async function loadCollections(
  db: Db,
  mediaUrl: (path: string) => string,
  page: number,
  limit: number,
  lang: CatalogLang = 'en',
): Promise<{ collections: Collection[]; meta: PageMeta }> {
  type Row = {
    id: string;
    name: string;
    slug: string;
    description: string;
    name_hi: string | null;
    description_hi: string | null;
    image: string | null;
    product_count: number;
  };
  const [rows, totals] = await Promise.all([
    queryRows<Row>(
      db,
      sql`
      SELECT co.id, co.name, co.slug, co.description, co.name_hi, co.description_hi, co.image,
             (SELECT count(*)::int FROM product_collections pc JOIN products p ON p.id = pc.product_id AND p.is_active
               WHERE pc.collection_id = co.id) AS product_count
      FROM collections co WHERE co.is_active ORDER BY co.position, co.name
      LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
    queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM collections WHERE is_active`),
  ]);
  return {
    collections: rows.map((r) => ({
      id: r.id,
      name: inLang(lang, r.name, r.name_hi),
      slug: r.slug,
      description: inLang(lang, r.description, r.description_hi),
      image: r.image ? mediaUrl(r.image) : null,
      productCount: r.product_count,
    })),
    meta: pageMeta(Number(totals[0]?.total ?? 0), page, limit),
  };
}

/** Page meta of behaviour.md §3: total items, this page, page size, number of pages. */
export function pageMeta(total: number, page: number, limit: number): PageMeta {
  return { total, page, limit, totalPages: Math.ceil(total / limit) };
}
