/**
 * Stock of the catalogue's variants (docs/architecture.md "Conventions": stock). Every change
 * of stock goes through here: orders reserve and give back, returns are restocked (with a
 * stock movement), and the admin will adjust. Stock
 * is taken with conditional updates (`stock = stock - q WHERE stock >= q`) in a fixed lock
 * order, inside the caller's transaction (`db`), so no two orders oversell and none deadlock;
 * each change keeps the product's listing flag `in_stock` true exactly while a size is in stock.
 */
import { CART_MESSAGES, orderOutOfStock } from '@vastra/contracts';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ConflictError, NotFoundError } from '../../lib/errors';
import { products, stockMovements, variants, type StockMovementReason } from './tables';

/** A size and how many pieces of it. */
export type StockLine = { productId: string; variantId: string; quantity: number };

/** A reserved line with what an order keeps of its product and variant; money in paise. */
export type ReservedLine = StockLine & {
  name: string;
  brand: string;
  sku: string;
  size: string;
  color: string;
  hsnCode: string;
  categoryId: string | null;
  /** The product's primary image path, or null. */
  image: string | null;
  unitPricePaise: number;
  mrpPaise: number;
};

export type LowStockVariant = {
  variantId: string;
  productId: string;
  name: string;
  sku: string;
  size: string;
  stock: number;
};

type VariantRow = {
  variant_id: string;
  product_id: string;
  sku: string;
  size: string;
  color: string;
  price_paise: number;
  mrp_paise: number;
  name: string;
  brand: string;
  hsn_code: string;
  category_id: string | null;
  images: { url: string; isPrimary: boolean }[];
  is_active: boolean;
};

export class InventoryService {
  /**
   * Takes `lines` out of stock in the caller's transaction and answers them with their product
   * and variant details, in the order given. Throws NotFoundError (an unknown size, or one of
   * another product), ConflictError (a withdrawn product, or not enough stock: the message says
   * how many are left).
   */
  async reserve(db: Db, lines: readonly StockLine[]): Promise<ReservedLine[]> {
    if (lines.length === 0) return [];
    const rows = await queryRows<VariantRow>(
      db,
      sql`
        SELECT v.id AS variant_id, v.product_id, v.sku, v.size, v.color, v.price_paise, v.mrp_paise,
               p.name, p.brand, p.hsn_code, p.category_id, p.images, p.is_active
        FROM variants v JOIN products p ON p.id = v.product_id
        WHERE v.id IN (${sql.join(
          lines.map((l) => sql`${l.variantId}::uuid`),
          sql`, `,
        )})`,
    );
    const byId = new Map(rows.map((r) => [r.variant_id, r]));
    const reserved = lines.map((line): ReservedLine => {
      const v = byId.get(line.variantId);
      if (!v || v.product_id !== line.productId) throw new NotFoundError(CART_MESSAGES.variantNotFound);
      if (!v.is_active) throw new ConflictError(`${v.name}: ${CART_MESSAGES.productUnavailable}`);
      return {
        ...line,
        name: v.name,
        brand: v.brand,
        sku: v.sku,
        size: v.size,
        color: v.color,
        hsnCode: v.hsn_code,
        categoryId: v.category_id,
        image: v.images.find((i) => i.isPrimary)?.url ?? v.images[0]?.url ?? null,
        unitPricePaise: v.price_paise,
        mrpPaise: v.mrp_paise,
      };
    });
    // A fixed order of row locks keeps two orders for the same sizes from deadlocking.
    for (const line of [...reserved].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
      const taken = await db
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${line.quantity}` })
        .where(and(eq(variants.id, line.variantId), sql`${variants.stock} >= ${line.quantity}`))
        .returning({ stock: variants.stock });
      if (taken.length === 0) {
        const [current] = await db
          .select({ stock: variants.stock })
          .from(variants)
          .where(eq(variants.id, line.variantId));
        throw new ConflictError(orderOutOfStock(line.name, line.size, current?.stock ?? 0));
      }
    }
    await this.refreshInStock(
      db,
      reserved.map((l) => l.productId),
    );
    return reserved;
  }

  /** Puts `lines` back into stock (a released, cancelled or returned order), in the caller's transaction. */
  async release(db: Db, lines: readonly StockLine[]): Promise<void> {
    for (const line of [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
      await db
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${line.quantity}` })
        .where(eq(variants.id, line.variantId));
    }
    await this.refreshInStock(
      db,
      lines.map((l) => l.productId),
    );
  }

  /**
   * Puts pieces back on the shelf (a picked-up return the store restocks), in the caller's
   * transaction, recording a stock movement per line with its stock before and after.
   */
  async restock(
    db: Db,
    lines: readonly StockLine[],
    movement: { reason: StockMovementReason; actor: string; reference: string | null },
  ): Promise<void> {
    for (const line of [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
      const [row] = await db
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${line.quantity}` })
        .where(eq(variants.id, line.variantId))
        .returning({ stock: variants.stock });
      if (!row) continue;
      await db.insert(stockMovements).values({
        variantId: line.variantId,
        stockBefore: row.stock - line.quantity,
        stockAfter: row.stock,
        ...movement,
      });
    }
    await this.refreshInStock(
      db,
      lines.map((l) => l.productId),
    );
  }

  /** Active products' sizes with `threshold` pieces or fewer, fewest first (the dashboard's low stock). */
  async lowStock(db: Db, threshold: number, limit: number): Promise<LowStockVariant[]> {
    return db
      .select({
        variantId: variants.id,
        productId: products.id,
        name: products.name,
        sku: variants.sku,
        size: variants.size,
        stock: variants.stock,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(products.isActive, true), lte(variants.stock, threshold)))
      .orderBy(asc(variants.stock), asc(variants.sku))
      .limit(limit);
  }

  /** Keeps the listing's in-stock flag true exactly when a product has a size in stock. */
  private async refreshInStock(db: Db, productIds: string[]): Promise<void> {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return;
    await db
      .update(products)
      .set({
        inStock: sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.productId} = ${products.id} AND ${variants.stock} > 0)`,
      })
      .where(inArray(products.id, ids));
  }
}
