/**
 * The category tree master → sub → article (Myntra's masterCategory → subCategory →
 * articleType), keyed by the path of names `master|sub|article`.
 *
 * Slugs: the slugified data name ("Tshirts" → `tshirts`, shown as "T-Shirts"). On a
 * collision the parent's name is put in front (`accessories-watches`), then the
 * grandparent's, then a number. For the seed the tree is always built from the whole styles
 * file, masters first, then article types, then sub categories, each by product count, so a
 * category keeps the same slug whether the 400-product store or the full catalogue is seeded
 * (the article type gets the plain slug, as `/shop?categories=watches` is what people use).
 */
import { inArray } from 'drizzle-orm';
import { CATEGORY_NAMES_HI } from './hindi';
import { displayName, pathKey, slugify, uniqueSlug, upsertParts } from '../../modules/catalog';
import type { Db } from '../client';
import { categories } from '../schema';
import type { StyleRow } from './source';
import { pick } from './text';

type Level = 'master' | 'sub' | 'article';

type CategoryNode = {
  key: string;
  parentKey: string | null;
  level: Level;
  name: string;
  slug: string;
  image: string | null;
  position: number;
};

/** Masters in shop order; any other master follows them. */
const MASTER_ORDER = ['Apparel', 'Footwear', 'Accessories', 'Personal Care', 'Sporting Goods', 'Home', 'Free Items'];

/**
 * The whole tree of the styles file, in the order slugs are claimed. `image` is a product
 * photo of the category (picked by hash among its styles with a photo), else null.
 */
export function buildCategoryTree(
  styles: readonly StyleRow[],
  photoIds: ReadonlySet<string>,
  imageUrl: (id: string) => string,
): CategoryNode[] {
  type Acc = {
    key: string;
    parentKey: string | null;
    level: Level;
    rawName: string;
    ancestors: string[];
    count: number;
    photos: string[];
  };
  const nodes = new Map<string, Acc>();
  const touch = (
    key: string,
    parentKey: string | null,
    level: Level,
    rawName: string,
    ancestors: string[],
    styleId: string,
  ) => {
    let node = nodes.get(key);
    if (!node) nodes.set(key, (node = { key, parentKey, level, rawName, ancestors, count: 0, photos: [] }));
    node.count++;
    if (photoIds.has(styleId)) node.photos.push(styleId);
  };
  for (const s of styles) {
    const m = s.masterCategory;
    const sub = pathKey(m, s.subCategory);
    touch(m, null, 'master', m, [], s.id);
    touch(sub, m, 'sub', s.subCategory, [slugify(m)], s.id);
    touch(pathKey(sub, s.articleType), sub, 'article', s.articleType, [slugify(m), slugify(s.subCategory)], s.id);
  }

  const masterRank = (name: string) => (MASTER_ORDER.includes(name) ? MASTER_ORDER.indexOf(name) : MASTER_ORDER.length);
  const byCount = (a: Acc, b: Acc) => b.count - a.count || (a.key < b.key ? -1 : 1);
  const all = [...nodes.values()];
  const masters = all
    .filter((n) => n.level === 'master')
    .sort((a, b) => masterRank(a.rawName) - masterRank(b.rawName) || byCount(a, b));
  const articles = all.filter((n) => n.level === 'article').sort(byCount);
  const subs = all.filter((n) => n.level === 'sub').sort(byCount);

  const positions = new Map<string, number>();
  const nextPosition = new Map<string | null, number>();
  for (const n of [...masters, ...subs, ...articles]) {
    const p = (nextPosition.get(n.parentKey) ?? 0) + 1;
    nextPosition.set(n.parentKey, p);
    positions.set(n.key, p);
  }

  const taken = new Set<string>();
  return [...masters, ...articles, ...subs].map((n) => ({
    key: n.key,
    parentKey: n.parentKey,
    level: n.level,
    name: displayName(n.rawName),
    slug: uniqueSlug(slugify(n.rawName), n.ancestors, taken),
    image: n.photos.length ? imageUrl(pick([...n.photos].sort(), `category:${n.key}`)) : null,
    position: positions.get(n.key)!,
  }));
}

/**
 * Upserts `nodes` (on slug), parents before children, and returns the id of each by key.
 * Every node's parent must be among `nodes`.
 */
export async function upsertCategoryTree(db: Db, nodes: readonly CategoryNode[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  const { set, changed } = upsertParts(categories, ['name', 'nameHi', 'parentId', 'level', 'image', 'position']);
  for (const level of ['master', 'sub', 'article'] as const) {
    const ofLevel = nodes.filter((n) => n.level === level);
    if (!ofLevel.length) continue;
    await db
      .insert(categories)
      .values(
        ofLevel.map((n) => ({
          name: n.name,
          // Every category has its Hindi name (hindi.ts); one missing there fails the seed's test.
          nameHi: CATEGORY_NAMES_HI[n.name] ?? null,
          slug: n.slug,
          level: n.level,
          parentId: n.parentKey ? ids.get(n.parentKey)! : null,
          image: n.image,
          position: n.position,
        })),
      )
      .onConflictDoUpdate({ target: categories.slug, set, setWhere: changed });
    const bySlug = new Map(
      (
        await db
          .select({ id: categories.id, slug: categories.slug })
          .from(categories)
          .where(
            inArray(
              categories.slug,
              ofLevel.map((n) => n.slug),
            ),
          )
      ).map((r) => [r.slug, r.id]),
    );
    for (const n of ofLevel) ids.set(n.key, bySlug.get(n.slug)!);
  }
  return ids;
}
