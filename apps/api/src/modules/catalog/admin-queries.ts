/**
 * The store's reads of the catalogue for the admin (docs/admin.md "Products and stock"): the
 * product list with its search and filters, and one product with its sizes and their stock.
 * Money in paise.
 */
import {
  ADMIN_MESSAGES,
  type AdminProduct,
  type AdminProductRow,
  type ProductStatus,
  type STOCK_LEVELS,
} from '@vastra/contracts';
import { and, asc, count, desc, eq, exists, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import { categories, productCollections, products, variants, type ImageJson } from './tables';

export type AdminProductFilter = {
  /** Name, brand, slug or a size's SKU, in part. */
  q?: string;
  /** A category's slug at any level of the tree: its products and those of the categories below it. */
  category?: string;
  brand?: string;
  active?: boolean;
  status?: ProductStatus;
  stock?: (typeof STOCK_LEVELS)[number];
  onSale?: boolean;
  page: number;
  perPage: number;
};

type ProductRow = typeof products.$inferSelect;

const primaryImage = (images: ImageJson[]) => images.find((i) => i.isPrimary)?.url ?? images[0]?.url ?? null;

export class AdminCatalogQueries {
  /** `lowStockThreshold`: the store's setting, in pieces (docs/admin.md "Products and stock"). */
  constructor(
    private readonly db: Db,
    private readonly lowStockThreshold: () => Promise<number>,
  ) {}

  /** A page of products, newest first, matching every filter given. */
  async list(filter: AdminProductFilter): Promise<{ rows: AdminProductRow[]; total: number }> {
    const where = await this.where(filter);
    const [page, [total]] = await Promise.all([
      this.db
        .select()
        .from(products)
        .where(where)
        .orderBy(desc(products.createdAt), asc(products.name), asc(products.id))
        .limit(filter.perPage)
        .offset((filter.page - 1) * filter.perPage),
      this.db.select({ n: count() }).from(products).where(where),
    ]);
    return { rows: await this.present(page), total: total?.n ?? 0 };
  }

  /** The condition of every filter given (page and perPage aside). */
  async where(filter: Omit<AdminProductFilter, 'page' | 'perPage'>): Promise<SQL | undefined> {
    const like = filter.q ? `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    return and(
      like
        ? or(
            ilike(products.name, like),
            ilike(products.brand, like),
            ilike(products.slug, like),
            exists(
              this.db
                .select({ one: sql`1` })
                .from(variants)
                .where(and(eq(variants.productId, products.id), ilike(variants.sku, like))),
            ),
          )
        : undefined,
      filter.category ? inArray(products.categoryId, await this.categoryAndBelow(filter.category)) : undefined,
      filter.brand ? sql`lower(${products.brand}) = lower(${filter.brand})` : undefined,
      filter.active === undefined ? undefined : eq(products.isActive, filter.active),
      filter.status ? eq(products.status, filter.status) : undefined,
      filter.onSale ? gt(products.discountPercent, 0) : undefined,
      stockCondition(this.db, filter.stock, filter.stock === 'low' ? await this.lowStockThreshold() : 0),
    );
  }

  /** One product with its sizes in their order; NotFoundError(productNotFound) otherwise. */
  async product(id: string): Promise<AdminProduct> {
    const [row] = await this.db.select().from(products).where(eq(products.id, id));
    if (!row) throw new NotFoundError(ADMIN_MESSAGES.productNotFound);
    const [presented] = await this.present([row]);
    const [sizes, links] = await Promise.all([
      this.db
        .select()
        .from(variants)
        .where(eq(variants.productId, id))
        .orderBy(asc(variants.position), asc(variants.sku)),
      this.db
        .select({ collectionId: productCollections.collectionId })
        .from(productCollections)
        .where(eq(productCollections.productId, id)),
    ]);
    return {
      ...presented!,
      hsnCode: row.hsnCode,
      countryOfOrigin: row.countryOfOrigin,
      manufacturer: row.manufacturer,
      importer: row.importer,
      netQuantity: row.netQuantity,
      description: row.description,
      nameHi: row.nameHi,
      descriptionHi: row.descriptionHi,
      categoryId: row.categoryId,
      color: row.color,
      season: row.season,
      usage: row.usage,
      year: row.year,
      collectionIds: links.map((l) => l.collectionId),
      images: row.images,
      variants: sizes.map((v) => ({
        id: v.id,
        sku: v.sku,
        size: v.size,
        color: v.color,
        pricePaise: v.pricePaise,
        mrpPaise: v.mrpPaise,
        stock: v.stock,
      })),
    };
  }

  /** A size as the audit log keeps it before and after a change, or null. */
  async variant(id: string): Promise<{
    id: string;
    sku: string;
    size: string;
    pricePaise: number;
    mrpPaise: number;
    stock: number;
  } | null> {
    const [row] = await this.db
      .select({
        id: variants.id,
        sku: variants.sku,
        size: variants.size,
        pricePaise: variants.pricePaise,
        mrpPaise: variants.mrpPaise,
        stock: variants.stock,
      })
      .from(variants)
      .where(eq(variants.id, id));
    return row ?? null;
  }

  private async present(rows: ProductRow[]): Promise<AdminProductRow[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [stock, names] = await Promise.all([
      this.db
        .select({
          productId: variants.productId,
          pieces: sql<number>`sum(${variants.stock})::int`,
          sizes: sql<number>`count(*)::int`,
        })
        .from(variants)
        .where(inArray(variants.productId, ids))
        .groupBy(variants.productId),
      this.db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(
          inArray(
            categories.id,
            rows.map((r) => r.categoryId),
          ),
        ),
    ]);
    const stockOf = new Map(stock.map((s) => [s.productId, s]));
    const nameOf = new Map(names.map((c) => [c.id, c.name]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      slug: r.slug,
      brand: r.brand,
      category: nameOf.get(r.categoryId) ?? '',
      gender: r.gender,
      status: r.status,
      isActive: r.isActive,
      pricePaise: r.pricePaise,
      mrpPaise: r.mrpPaise,
      discountPercent: r.discountPercent,
      stock: Number(stockOf.get(r.id)?.pieces ?? 0),
      sizes: Number(stockOf.get(r.id)?.sizes ?? 0),
      image: primaryImage(r.images),
    }));
  }

  /** The ids of the category with this slug and of every category below it (the tree has three levels). */
  private async categoryAndBelow(slug: string): Promise<string[]> {
    const [top] = await this.db.select({ id: categories.id }).from(categories).where(eq(categories.slug, slug));
    if (!top) return [];
    const ids = [top.id];
    let level = [top.id];
    while (level.length > 0) {
      const below = await this.db
        .select({ id: categories.id })
        .from(categories)
        .where(inArray(categories.parentId, level));
      level = below.map((c) => c.id);
      ids.push(...level);
    }
    return ids;
  }
}

/** out: no size in stock; low: a size with `threshold` pieces or fewer; in: a size in stock. */
function stockCondition(db: Db, level: AdminProductFilter['stock'], threshold: number): SQL | undefined {
  if (level === 'out') return eq(products.inStock, false);
  if (level === 'in') return eq(products.inStock, true);
  if (level === 'low') {
    return exists(
      db
        .select({ one: sql`1` })
        .from(variants)
        .where(and(eq(variants.productId, products.id), sql`${variants.stock} <= ${threshold}`)),
    );
  }
  return undefined;
}
