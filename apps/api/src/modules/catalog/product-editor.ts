/**
 * The admin's catalogue edits (docs/admin.md "Products and stock"): a product made and
 * changed, its sizes (variants) added, repriced and removed, prices changed in bulk with a
 * preview, and products put in or taken out of a collection. Money in integer paise. Each
 * change runs in one transaction and keeps the product's listing columns (lowest price and its
 * MRP, discount, sizes, in stock, search text) true to its sizes, so the storefront's list and
 * filters see it at once. Errors: NotFoundError (no such product, size, category or
 * collection), ConflictError (slug, SKU or size taken; a size that was ordered; the last size
 * of a product on sale), ValidationError (price above MRP, a product that may not go on sale).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_MESSAGES,
  PRODUCT_EDIT_MESSAGES,
  type AdminCategory,
  type AdminCollection,
  type collectionMembershipBodySchema,
  type PriceChangeResult,
  type priceChangeBodySchema,
  type productCreateBodySchema,
  type productUpdateBodySchema,
  type variantInputSchema,
  type variantUpdateBodySchema,
} from '@vastra/contracts';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isForeignKeyViolation, type Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { listingOf, productSlug, searchTextFor, skuFor } from './product-rules';
import { activationRefusal } from './product-status';
import { sourceName } from './product-text';
import { categories, collections, productCollections, products, stockMovements, variants } from './tables';

type ProductCreate = z.output<typeof productCreateBodySchema>;
type ProductUpdate = z.output<typeof productUpdateBodySchema>;
type VariantInput = z.output<typeof variantInputSchema>;
type VariantUpdate = z.output<typeof variantUpdateBodySchema>;
type PriceChange = z.output<typeof priceChangeBodySchema>;
type CollectionMembership = z.output<typeof collectionMembershipBodySchema>;

export class ProductEditor {
  constructor(private readonly db: Db) {}

  /** Makes a product with its sizes (each size's first stock a `received` movement); answers its id. */
  async create(body: ProductCreate, actor: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      const path = await this.categoryPath(tx, body.categoryId);
      await this.checkCollections(tx, body.collectionIds);
      this.checkSizes(body.variants);
      if (body.status === 'active') {
        const refusal = activationRefusal({ images: [] }, body.variants);
        if (refusal) throw new ValidationError(refusal);
      }
      const id = randomUUID();
      // The id a CSV export and import know it by; its slug and SKUs follow the import's rules,
      // so an export imported again changes nothing.
      const externalId = `P-${randomBytes(5).toString('hex').toUpperCase()}`;
      const slug = body.slug ?? productSlug(body.name, externalId);
      await this.checkSlug(tx, slug, id);
      await tx.insert(products).values({
        id,
        externalId,
        slug,
        name: body.name,
        brand: body.brand,
        description: body.description,
        nameHi: body.nameHi,
        descriptionHi: body.descriptionHi,
        gender: body.gender,
        categoryId: body.categoryId,
        color: body.color,
        season: body.season,
        usage: body.usage,
        year: body.year,
        hsnCode: body.hsnCode,
        countryOfOrigin: body.countryOfOrigin,
        manufacturer: body.manufacturer,
        importer: body.importer,
        netQuantity: body.netQuantity,
        pricePaise: 0,
        mrpPaise: 0,
        inStock: false,
        status: body.status,
        searchText: searchTextOf(body, path),
      });
      if (body.collectionIds.length > 0) {
        await tx
          .insert(productCollections)
          .values(body.collectionIds.map((collectionId) => ({ productId: id, collectionId })));
      }
      const taken = new Set<string>();
      for (const [position, v] of body.variants.entries()) {
        await this.insertVariant(tx, { id, color: body.color, externalId, taken }, v, position, actor);
      }
      await refreshListing(tx, [id]);
      return id;
    });
  }

  /** Changes a product's fields; `collectionIds` replaces its collections. */
  async update(id: string, body: ProductUpdate): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!current) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
      const { collectionIds, ...fields } = body;
      const next = { ...current, ...fields };
      const path = await this.categoryPath(tx, next.categoryId);
      if (fields.slug && fields.slug !== current.slug) await this.checkSlug(tx, fields.slug, id);
      if (collectionIds) {
        await this.checkCollections(tx, collectionIds);
        await tx.delete(productCollections).where(eq(productCollections.productId, id));
        if (collectionIds.length > 0) {
          await tx
            .insert(productCollections)
            .values(collectionIds.map((collectionId) => ({ productId: id, collectionId })));
        }
      }
      await tx
        .update(products)
        .set({ ...fields, searchText: searchTextOf(next, path), updatedAt: new Date() })
        .where(eq(products.id, id));
      if (fields.color) await tx.update(variants).set({ color: fields.color }).where(eq(variants.productId, id));
    });
  }

  /** Adds a size to a product (its first stock a `received` movement); answers the size's id. */
  async addVariant(productId: string, body: VariantInput, actor: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id, color: products.color, externalId: products.externalId })
        .from(products)
        .where(eq(products.id, productId))
        .for('update');
      if (!product) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
      const sizes = await tx
        .select({ size: variants.size, position: variants.position, sku: variants.sku })
        .from(variants)
        .where(eq(variants.productId, productId));
      if (sizes.some((s) => s.size.toLowerCase() === body.size.toLowerCase())) {
        throw new ConflictError(PRODUCT_EDIT_MESSAGES.sizeTaken);
      }
      const position = sizes.reduce((max, s) => Math.max(max, s.position + 1), 0);
      const taken = new Set(sizes.map((s) => s.sku));
      const variantId = await this.insertVariant(
        tx,
        { id: productId, color: product.color, externalId: product.externalId, taken },
        body,
        position,
        actor,
      );
      await refreshListing(tx, [productId]);
      return variantId;
    });
  }

  /** Changes a size's name, SKU or prices; the price never above the MRP, never 0 on sale. */
  async updateVariant(variantId: string, body: VariantUpdate): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(variants).where(eq(variants.id, variantId)).for('update');
      if (!current) throw new NotFoundError(ADMIN_MESSAGES.variantNotFound);
      const next = { ...current, ...body };
      if (next.pricePaise > next.mrpPaise) throw new ValidationError(PRODUCT_EDIT_MESSAGES.priceAboveMrp);
      if (body.sku && body.sku !== current.sku) await this.checkSku(tx, body.sku);
      if (body.size && body.size.toLowerCase() !== current.size.toLowerCase()) {
        const [taken] = await tx
          .select({ id: variants.id })
          .from(variants)
          .where(
            and(
              eq(variants.productId, current.productId),
              ne(variants.id, variantId),
              sql`lower(${variants.size}) = lower(${body.size})`,
            ),
          );
        if (taken) throw new ConflictError(PRODUCT_EDIT_MESSAGES.sizeTaken);
      }
      await tx.update(variants).set(body).where(eq(variants.id, variantId));
      await refreshListing(tx, [current.productId]);
    });
  }

  /** Removes a size that nobody has ordered; a product on sale keeps at least one size. */
  async removeVariant(variantId: string): Promise<void> {
    try {
      await this.db.transaction(async (tx) => {
        const [current] = await tx
          .select({ productId: variants.productId, isActive: products.isActive })
          .from(variants)
          .innerJoin(products, eq(products.id, variants.productId))
          .where(eq(variants.id, variantId))
          .for('update');
        if (!current) throw new NotFoundError(ADMIN_MESSAGES.variantNotFound);
        await tx.delete(variants).where(eq(variants.id, variantId));
        const [left] = await tx
          .select({ id: variants.id })
          .from(variants)
          .where(eq(variants.productId, current.productId))
          .limit(1);
        if (current.isActive && !left) throw new ConflictError(PRODUCT_EDIT_MESSAGES.lastSizeOnSale);
        await refreshListing(tx, [current.productId]);
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw new ConflictError(PRODUCT_EDIT_MESSAGES.sizeOrdered);
      throw err;
    }
  }

  /**
   * Reprices every size of the products: by a percentage of its price (rounded to whole rupees)
   * or to one price. A size whose new price would be ₹0 or above its MRP is left alone and
   * listed with why. With `dryRun`, answers the preview and changes nothing.
   */
  async changePrices(body: PriceChange): Promise<PriceChangeResult> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({
          productId: products.id,
          name: products.name,
          variantId: variants.id,
          sku: variants.sku,
          size: variants.size,
          mrpPaise: variants.mrpPaise,
          before: variants.pricePaise,
        })
        .from(variants)
        .innerJoin(products, eq(products.id, variants.productId))
        .where(inArray(variants.productId, body.ids))
        .orderBy(asc(products.name), asc(variants.position), asc(variants.sku))
        .for('update');
      const changes: PriceChangeResult['changes'] = [];
      const refused: PriceChangeResult['refused'] = [];
      for (const row of rows) {
        const after =
          body.change.kind === 'price'
            ? body.change.pricePaise
            : Math.round((row.before * (100 + body.change.percent)) / 100 / 100) * 100;
        if (after <= 0) refused.push({ sku: row.sku, name: row.name, message: PRODUCT_EDIT_MESSAGES.priceNotAbove0 });
        else if (after > row.mrpPaise) {
          refused.push({ sku: row.sku, name: row.name, message: PRODUCT_EDIT_MESSAGES.priceAboveMrp });
        } else if (after !== row.before) changes.push({ ...row, after });
      }
      if (!body.dryRun && changes.length > 0) {
        for (const c of changes)
          await tx.update(variants).set({ pricePaise: c.after }).where(eq(variants.id, c.variantId));
        await refreshListing(tx, [...new Set(changes.map((c) => c.productId))]);
      }
      return { applied: !body.dryRun && changes.length > 0, changes, refused };
    });
  }

  /** Puts the products in a collection or takes them out; answers how many changed. */
  async setCollection(body: CollectionMembership): Promise<{ changed: number }> {
    return this.db.transaction(async (tx) => {
      await this.checkCollections(tx, [body.collectionId]);
      const known = await tx.select({ id: products.id }).from(products).where(inArray(products.id, body.ids));
      if (known.length === 0) return { changed: 0 };
      const ids = known.map((p) => p.id);
      const changed =
        body.action === 'add'
          ? await tx
              .insert(productCollections)
              .values(ids.map((productId) => ({ productId, collectionId: body.collectionId })))
              .onConflictDoNothing()
              .returning({ id: productCollections.productId })
          : await tx
              .delete(productCollections)
              .where(
                and(eq(productCollections.collectionId, body.collectionId), inArray(productCollections.productId, ids)),
              )
              .returning({ id: productCollections.productId });
      await tx.update(products).set({ updatedAt: new Date() }).where(inArray(products.id, ids));
      return { changed: changed.length };
    });
  }

  /** Every category with its path of names, in tree order. */
  async categories(): Promise<AdminCategory[]> {
    const rows = await this.db.select().from(categories).orderBy(asc(categories.position), asc(categories.name));
    const byId = new Map(rows.map((c) => [c.id, c]));
    const pathOf = (c: (typeof rows)[number]): string[] => {
      const parent = c.parentId ? byId.get(c.parentId) : undefined;
      return parent ? [...pathOf(parent), c.name] : [c.name];
    };
    return rows
      .map((c) => ({
        id: c.id,
        name: c.name,
        slug: c.slug,
        parentId: c.parentId,
        level: c.level,
        path: pathOf(c).join(' › '),
        position: c.position,
      }))
      .sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Every collection with how many products it holds, in the storefront's order. */
  async collections(): Promise<AdminCollection[]> {
    return this.db
      .select({
        id: collections.id,
        name: collections.name,
        slug: collections.slug,
        isActive: collections.isActive,
        position: collections.position,
        products: sql<number>`(SELECT count(*)::int FROM ${productCollections} pc WHERE pc.collection_id = ${collections.id})`,
      })
      .from(collections)
      .orderBy(asc(collections.position), asc(collections.name));
  }

  private async insertVariant(
    tx: Db,
    product: { id: string; color: string; externalId: string; taken: Set<string> },
    v: VariantInput,
    position: number,
    actor: string,
  ): Promise<string> {
    const sku = v.sku ?? skuFor(product.externalId, v.size, product.taken);
    await this.checkSku(tx, sku);
    const [row] = await tx
      .insert(variants)
      .values({
        productId: product.id,
        sku,
        size: v.size,
        color: product.color,
        pricePaise: v.pricePaise,
        mrpPaise: v.mrpPaise,
        stock: v.stock,
        position,
      })
      .returning({ id: variants.id });
    if (v.stock > 0) {
      await tx.insert(stockMovements).values({
        variantId: row!.id,
        reason: 'received',
        stockBefore: 0,
        stockAfter: v.stock,
        actor,
        reference: null,
      });
    }
    return row!.id;
  }

  /** The names from the top of the tree down to this category, which must be a leaf (an article type). */
  private async categoryPath(tx: Db, id: string): Promise<string[]> {
    const rows = await tx.select().from(categories);
    const byId = new Map(rows.map((c) => [c.id, c]));
    const leaf = byId.get(id);
    if (!leaf) throw new NotFoundError(PRODUCT_EDIT_MESSAGES.categoryNotFound);
    if (leaf.level !== 'article') throw new ValidationError(PRODUCT_EDIT_MESSAGES.categoryNotLeaf);
    const path: string[] = [];
    for (let c: typeof leaf | undefined = leaf; c; c = c.parentId ? byId.get(c.parentId) : undefined)
      path.unshift(c.name);
    return path;
  }

  private async checkCollections(tx: Db, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await tx
      .select({ id: collections.id })
      .from(collections)
      .where(inArray(collections.id, [...ids]));
    if (found.length !== new Set(ids).size) throw new NotFoundError(PRODUCT_EDIT_MESSAGES.collectionNotFound);
  }

  private checkSizes(list: readonly { size: string; sku?: string }[]): void {
    const sizes = list.map((v) => v.size.toLowerCase());
    if (new Set(sizes).size !== sizes.length) throw new ConflictError(PRODUCT_EDIT_MESSAGES.sizeTaken);
    const skus = list.flatMap((v) => (v.sku ? [v.sku] : []));
    if (new Set(skus).size !== skus.length) throw new ConflictError(PRODUCT_EDIT_MESSAGES.skuTaken);
  }

  private async checkSku(tx: Db, sku: string): Promise<void> {
    const [taken] = await tx.select({ id: variants.id }).from(variants).where(eq(variants.sku, sku));
    if (taken) throw new ConflictError(PRODUCT_EDIT_MESSAGES.skuTaken);
  }

  private async checkSlug(tx: Db, slug: string, id: string): Promise<void> {
    const [taken] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, slug), ne(products.id, id)));
    if (taken) throw new ConflictError(PRODUCT_EDIT_MESSAGES.slugTaken);
  }
}

/**
 * The search text of a product, from its fields and its category path (master, sub, article as
 * shown), by the rule the CSV import and the seed follow (./product-rules.ts), so an import of
 * an export matches.
 */
function searchTextOf(
  p: {
    name: string;
    brand: string;
    gender: string;
    color: string;
    usage: string | null;
    season: string | null;
    description: string;
  },
  path: readonly string[],
): string {
  const [masterCategory = '', subCategory = '', articleType = ''] = path.map(sourceName);
  return searchTextFor({ ...p, masterCategory, subCategory, articleType });
}

/**
 * Keeps the listing columns of the products true to their sizes (listingOf, the rule the CSV
 * import and the seed write them by): the lowest price and its MRP, the discount, the sizes in
 * their order, and whether any is in stock.
 */
export async function refreshListing(tx: Db, productIds: readonly string[]): Promise<void> {
  if (productIds.length === 0) return;
  const rows = await tx
    .select({
      productId: variants.productId,
      size: variants.size,
      pricePaise: variants.pricePaise,
      mrpPaise: variants.mrpPaise,
      stock: variants.stock,
    })
    .from(variants)
    .where(inArray(variants.productId, [...productIds]))
    .orderBy(asc(variants.position), asc(variants.sku));
  for (const id of productIds) {
    await tx
      .update(products)
      .set({ ...listingOf(rows.filter((r) => r.productId === id)), updatedAt: new Date() })
      .where(eq(products.id, id));
  }
}
