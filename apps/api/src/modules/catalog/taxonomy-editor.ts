/**
 * The admin's categories and collections (docs/admin.md "Categories and collections").
 *
 * Categories form a tree of three levels, master → sub → article, and products sit in
 * articles: a new category takes the level below its parent's, and a category moves only under
 * a parent of the level above its own (so never under itself or below itself). Renaming keeps
 * the slug, so links keep working; a new category's slug comes from its name (made unique).
 * Hiding takes a category and everything below it out of the storefront's tree
 * (taxonomy.ts); its products stay on sale and in search.
 *
 * Collections: made, renamed, described, pictured, reordered and hidden; their products are
 * picked by hand (ProductEditor.setCollection). Hidden collections leave GET /collections.
 *
 * Callers audit each write as `category` or `collection`, which drops the catalogue caches and
 * revalidates the storefront (changes.ts).
 */
import {
  TAXONOMY_MESSAGES,
  type AdminCategoryNode,
  type AdminCollectionDetail,
  type CategoryCreateBody,
  type CategoryLevel,
  type CategoryUpdateBody,
  type CollectionCreateBody,
  type CollectionUpdateBody,
} from '@vastra/contracts';
import { asc, count, eq, isNull, like, max, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { slugify } from './product-text';
import { NotFoundError, ValidationError } from '../../lib/errors';
import { categories, collections, productCollections, products, type ImageJson } from './tables';

type CategoryRow = typeof categories.$inferSelect;
type CollectionRow = typeof collections.$inferSelect;

const LEVEL_BELOW: Record<CategoryLevel, CategoryLevel | null> = { master: 'sub', sub: 'article', article: null };

/** `base`, or `base-2`, `base-3`… whichever of them `taken` lacks. */
function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

export class TaxonomyEditor {
  constructor(private readonly db: Db) {}

  /** The whole category tree in its order, hidden categories included, with each one's own product count. */
  async categoryTree(): Promise<AdminCategoryNode[]> {
    const [rows, counts] = await Promise.all([
      this.db.select().from(categories).orderBy(asc(categories.position), asc(categories.name)),
      this.db.select({ id: products.categoryId, n: count() }).from(products).groupBy(products.categoryId),
    ]);
    const productCount = new Map(counts.map((c) => [c.id, c.n]));
    const nodes = new Map<string, AdminCategoryNode>(
      rows.map((r) => [
        r.id,
        {
          id: r.id,
          name: r.name,
          nameHi: r.nameHi,
          slug: r.slug,
          level: r.level,
          parentId: r.parentId,
          position: r.position,
          isActive: r.isActive,
          image: r.image,
          products: productCount.get(r.id) ?? 0,
          children: [],
        },
      ]),
    );
    const roots: AdminCategoryNode[] = [];
    for (const node of nodes.values()) {
      const parent = node.parentId ? nodes.get(node.parentId) : undefined;
      if (parent) parent.children.push(node);
      else roots.push(node);
    }
    return roots;
  }

  /** One category (without its children); NotFoundError when unknown. */
  async category(id: string): Promise<CategoryRow> {
    const [row] = await this.db.select().from(categories).where(eq(categories.id, id));
    if (!row) throw new NotFoundError(TAXONOMY_MESSAGES.categoryNotFound);
    return row;
  }

  /** Makes a category one level below its parent, last among its siblings. NotFoundError (parent), ValidationError (below an article). */
  async createCategory(body: CategoryCreateBody): Promise<CategoryRow> {
    return this.db.transaction(async (tx) => {
      const level = body.parentId ? LEVEL_BELOW[(await this.parent(tx, body.parentId)).level] : 'master';
      if (!level) throw new ValidationError(TAXONOMY_MESSAGES.tooDeep);
      const slug = await this.freeSlug(tx, 'categories', slugify(body.name) || 'category');
      const [row] = await tx
        .insert(categories)
        .values({
          name: body.name,
          nameHi: body.nameHi,
          slug,
          parentId: body.parentId,
          level,
          image: body.image,
          isActive: body.isActive,
          position: await this.nextPosition(tx, body.parentId),
        })
        .returning();
      return row!;
    });
  }

  /**
   * Renames, moves, pictures, hides or shows a category. A move goes under a category of the
   * level above (ValidationError otherwise, and for a top-level category), never under itself
   * or a category below it, and places it last among its new siblings.
   */
  async updateCategory(id: string, body: CategoryUpdateBody): Promise<CategoryRow> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!current) throw new NotFoundError(TAXONOMY_MESSAGES.categoryNotFound);
      const change: Partial<CategoryRow> = {};
      if (body.name !== undefined) change.name = body.name;
      if (body.nameHi !== undefined) change.nameHi = body.nameHi;
      if (body.image !== undefined) change.image = body.image;
      if (body.isActive !== undefined) change.isActive = body.isActive;
      if (body.parentId !== undefined && body.parentId !== current.parentId) {
        if (current.level === 'master') throw new ValidationError(TAXONOMY_MESSAGES.topLevelStays);
        if (body.parentId === id || (await this.isBelow(tx, body.parentId, id))) {
          throw new ValidationError(TAXONOMY_MESSAGES.underItself);
        }
        const parent = await this.parent(tx, body.parentId);
        if (LEVEL_BELOW[parent.level] !== current.level) throw new ValidationError(TAXONOMY_MESSAGES.wrongLevel);
        change.parentId = parent.id;
        change.position = await this.nextPosition(tx, parent.id);
      }
      const [row] = await tx.update(categories).set(change).where(eq(categories.id, id)).returning();
      return row!;
    });
  }

  /** Puts the children of `parentId` (null: the top level) in the order of `ids`, which must name each of them once. */
  async orderCategories(parentId: string | null, ids: string[]): Promise<{ ids: string[] }> {
    return this.db.transaction(async (tx) => {
      if (parentId) await this.parent(tx, parentId);
      const siblings = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId));
      this.checkOrder(
        siblings.map((s) => s.id),
        ids,
      );
      for (const [position, id] of ids.entries()) {
        await tx.update(categories).set({ position }).where(eq(categories.id, id));
      }
      return { ids };
    });
  }

  /** One collection with its products by name; NotFoundError when unknown. */
  async collection(id: string): Promise<AdminCollectionDetail> {
    const [row] = await this.db.select().from(collections).where(eq(collections.id, id));
    if (!row) throw new NotFoundError(TAXONOMY_MESSAGES.collectionNotFound);
    const members = await this.db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        status: products.status,
        images: products.images,
      })
      .from(productCollections)
      .innerJoin(products, eq(products.id, productCollections.productId))
      .where(eq(productCollections.collectionId, id))
      .orderBy(asc(products.name), asc(products.id));
    const primary = (images: ImageJson[]) => images.find((i) => i.isPrimary)?.url ?? images[0]?.url ?? null;
    return {
      ...this.presentCollection(row),
      products: members.map(({ images, ...p }) => ({ ...p, image: primary(images) })),
    };
  }

  /** Makes a collection, last in the order, its slug from its name. */
  async createCollection(body: CollectionCreateBody): Promise<AdminCollectionDetail> {
    const id = await this.db.transaction(async (tx) => {
      const slug = await this.freeSlug(tx, 'collections', slugify(body.name) || 'collection');
      const [last] = await tx.select({ n: max(collections.position) }).from(collections);
      const [row] = await tx
        .insert(collections)
        .values({ ...body, slug, position: (last?.n ?? -1) + 1 })
        .returning({ id: collections.id });
      return row!.id;
    });
    return this.collection(id);
  }

  /** Renames (the slug stays), describes, pictures, hides or shows a collection; NotFoundError when unknown. */
  async updateCollection(id: string, body: CollectionUpdateBody): Promise<AdminCollectionDetail> {
    const updated = await this.db
      .update(collections)
      .set(body)
      .where(eq(collections.id, id))
      .returning({ id: collections.id });
    if (updated.length === 0) throw new NotFoundError(TAXONOMY_MESSAGES.collectionNotFound);
    return this.collection(id);
  }

  /** Puts every collection in the order of `ids`, which must name each of them once. */
  async orderCollections(ids: string[]): Promise<{ ids: string[] }> {
    return this.db.transaction(async (tx) => {
      const all = await tx.select({ id: collections.id }).from(collections);
      this.checkOrder(
        all.map((c) => c.id),
        ids,
      );
      for (const [position, id] of ids.entries()) {
        await tx.update(collections).set({ position }).where(eq(collections.id, id));
      }
      return { ids };
    });
  }

  private checkOrder(existing: string[], ids: string[]): void {
    const wanted = new Set(ids);
    if (wanted.size !== ids.length || ids.length !== existing.length || existing.some((id) => !wanted.has(id))) {
      throw new ValidationError(TAXONOMY_MESSAGES.orderMismatch);
    }
  }

  private async parent(db: Db, id: string): Promise<CategoryRow> {
    const [row] = await db.select().from(categories).where(eq(categories.id, id));
    if (!row) throw new NotFoundError(TAXONOMY_MESSAGES.categoryNotFound);
    return row;
  }

  /** Whether `id` lies somewhere below `ancestor`. */
  private async isBelow(db: Db, id: string, ancestor: string): Promise<boolean> {
    const seen = new Set<string>();
    for (let at: string | null = id; at && !seen.has(at);) {
      seen.add(at);
      const [row] = await db.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, at));
      at = row?.parentId ?? null;
      if (at === ancestor) return true;
    }
    return false;
  }

  private async nextPosition(db: Db, parentId: string | null): Promise<number> {
    const [last] = await db
      .select({ n: max(categories.position) })
      .from(categories)
      .where(parentId ? eq(categories.parentId, parentId) : isNull(categories.parentId));
    return (last?.n ?? -1) + 1;
  }

  private async freeSlug(db: Db, table: 'categories' | 'collections', base: string): Promise<string> {
    const t = table === 'categories' ? categories : collections;
    const rows = await db
      .select({ slug: t.slug })
      .from(t)
      .where(or(eq(t.slug, base), like(t.slug, `${base}-%`)));
    return freeSlug(base, new Set(rows.map((r) => r.slug)));
  }

  private presentCollection(row: CollectionRow): Omit<AdminCollectionDetail, 'products'> {
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      nameHi: row.nameHi,
      descriptionHi: row.descriptionHi,
      image: row.image,
      position: row.position,
      isActive: row.isActive,
    };
  }
}
