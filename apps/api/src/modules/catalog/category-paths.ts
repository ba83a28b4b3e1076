/**
 * The category tree master → sub → article as products name it: a path of names keyed
 * `master|sub|article`, and the article category a path leads to, made when missing (the CSV
 * import). Slugs: the slugified data name; on a collision the parent's name is put in front
 * (`accessories-watches`), then the grandparent's, then a number.
 */
import { categories } from './tables';
import type { Db } from '../../db/client';
import { displayName, slugify } from './product-text';

type Level = 'master' | 'sub' | 'article';

/** `Apparel|Topwear|Tshirts`: a category's path of names as one key. */
export const pathKey = (...names: string[]): string => names.join('|');

/**
 * The first of `slug`, `parent-slug`, `grandparent-parent-slug`, `slug-2`, … that is not in
 * `taken` (`ancestors` are the parents' slugified names, root first); adds it to `taken`.
 */
export function uniqueSlug(slug: string, ancestors: readonly string[], taken: Set<string>): string {
  // A name with no Latin letters or digits (say, in Devanagari) slugifies to nothing.
  const base = slug || 'category';
  const tries = [base];
  for (let i = ancestors.length - 1; i >= 0; i--) tries.push(`${ancestors.slice(i).join('-')}-${base}`);
  let found = tries.find((t) => !taken.has(t));
  for (let n = 2; !found; n++) if (!taken.has(`${base}-${n}`)) found = `${base}-${n}`;
  taken.add(found);
  return found;
}

/**
 * For the CSV import: finds each `[master, sub, article]` path among the stored categories
 * (by parent and case-insensitive display name) and creates what is missing, with a slug
 * unique in the table and the given image. Returns the article category id by path key.
 */
export async function ensureCategoryPaths(
  db: Db,
  paths: readonly (readonly [string, string, string])[],
  imageOf: (key: string) => string | null,
): Promise<Map<string, string>> {
  const existing = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      parentId: categories.parentId,
      position: categories.position,
    })
    .from(categories);
  const taken = new Set(existing.map((c) => c.slug));
  const byParentAndName = new Map(existing.map((c) => [`${c.parentId ?? ''}|${c.name.toLowerCase()}`, c.id]));
  const lastPosition = new Map<string, number>();
  for (const c of existing)
    lastPosition.set(c.parentId ?? '', Math.max(lastPosition.get(c.parentId ?? '') ?? 0, c.position));

  const ids = new Map<string, string>();
  const levels: Level[] = ['master', 'sub', 'article'];
  for (const path of paths) {
    let parentId: string | null = null;
    const ancestors: string[] = [];
    for (let depth = 0; depth < 3; depth++) {
      const name = displayName(path[depth]!);
      const lookup = `${parentId ?? ''}|${name.toLowerCase()}`;
      let id: string | undefined = byParentAndName.get(lookup);
      if (!id) {
        const key = pathKey(...path.slice(0, depth + 1));
        const position: number = (lastPosition.get(parentId ?? '') ?? 0) + 1;
        lastPosition.set(parentId ?? '', position);
        const [row]: { id: string }[] = await db
          .insert(categories)
          .values({
            name,
            slug: uniqueSlug(slugify(path[depth]!), ancestors, taken),
            level: levels[depth]!,
            parentId,
            image: imageOf(key),
            position,
          })
          .returning({ id: categories.id });
        id = row!.id;
        byParentAndName.set(lookup, id);
      }
      ancestors.push(slugify(path[depth]!));
      parentId = id;
    }
    ids.set(pathKey(...path), parentId!);
  }
  return ids;
}
