/**
 * Stock of the catalogue's variants (docs/architecture.md "Conventions": stock). Every change
 * of stock goes through here and is recorded as a stock movement (docs/admin.md "Stock"):
 * orders reserve and give back, returns are restocked, and the store adjusts. Stock
 * is taken with conditional updates (`stock = stock - q WHERE stock >= q`) in a fixed lock
 * order, inside the caller's transaction (`db`), so no two orders oversell and none deadlock;
 * each change keeps the product's listing flag `in_stock` true exactly while a size is in stock.
 */
import {
  ADMIN_MESSAGES,
  CART_MESSAGES,
  orderOutOfStock,
  type StockAdjustBody,
  type StockMovement,
  type StockMovementReason,
} from '@vastra/contracts';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { products, stockMovements, variants } from './tables';

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
  /** The size's stock once this line was taken, for its stock movement. */
  stockAfter: number;
};

/** A stock movement to record: who and why, and what the change belongs to. */
export type MovementSource = { actor: string; reference: string | null };
type NewMovement = MovementSource & {
  variantId: string;
  reason: StockMovementReason;
  stockBefore: number;
  stockAfter: number;
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
        stockAfter: 0,
      };
    });
    // A fixed order of row locks keeps two orders for the same sizes from deadlocking.
    for (const line of [...reserved].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
      const taken = await db
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${line.quantity}` })
        .where(and(eq(variants.id, line.variantId), sql`${variants.stock} >= ${line.quantity}`))
        .returning({ stock: variants.stock });
      line.stockAfter = taken[0]?.stock ?? 0;
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

  /** Records an order's reserved lines as `ordered` stock movements, once the order has its number. */
  async recordOrdered(db: Db, lines: readonly ReservedLine[], source: MovementSource): Promise<void> {
    await this.record(
      db,
      lines.map((l) => ({
        variantId: l.variantId,
        reason: 'ordered',
        stockBefore: l.stockAfter + l.quantity,
        stockAfter: l.stockAfter,
        ...source,
      })),
    );
  }

  /**
   * Puts `lines` back into stock in the caller's transaction, a stock movement each: `released`
   * (an order released or cancelled) or `returned` (a picked-up return the store restocks).
   */
  async release(
    db: Db,
    lines: readonly StockLine[],
    movement: MovementSource & { reason: Extract<StockMovementReason, 'released' | 'returned'> },
  ): Promise<void> {
    const moved: NewMovement[] = [];
    for (const line of [...lines].sort((a, b) => a.variantId.localeCompare(b.variantId))) {
      const [row] = await db
        .update(variants)
        .set({ stock: sql`${variants.stock} + ${line.quantity}` })
        .where(eq(variants.id, line.variantId))
        .returning({ stock: variants.stock });
      if (row) {
        moved.push({
          variantId: line.variantId,
          stockBefore: row.stock - line.quantity,
          stockAfter: row.stock,
          ...movement,
        });
      }
    }
    await this.record(db, moved);
    await this.refreshInStock(
      db,
      lines.map((l) => l.productId),
    );
  }

  /**
   * The store's change of one size's stock (docs/admin.md "Stock"), in its own transaction:
   * set to a count or changed by a delta, with a reason, recorded as a stock movement (the note
   * as its reference). NotFoundError for an unknown size, ValidationError(stockBelowZero) when
   * the result would be negative (nothing changes).
   */
  async adjust(db: Db, variantId: string, body: StockAdjustBody, actor: string): Promise<StockMovement> {
    return db.transaction(async (tx) => {
      const [current] = await tx
        .select({ stock: variants.stock, productId: variants.productId })
        .from(variants)
        .where(eq(variants.id, variantId))
        .for('update');
      if (!current) throw new NotFoundError(ADMIN_MESSAGES.variantNotFound);
      const stockAfter = body.mode === 'set' ? body.quantity : current.stock + body.quantity;
      if (stockAfter < 0) throw new ValidationError(ADMIN_MESSAGES.stockBelowZero);
      await tx.update(variants).set({ stock: stockAfter }).where(eq(variants.id, variantId));
      const [movement] = await tx
        .insert(stockMovements)
        .values({
          variantId,
          reason: body.reason,
          stockBefore: current.stock,
          stockAfter,
          actor,
          reference: body.note || null,
        })
        .returning();
      await this.refreshInStock(tx, [current.productId]);
      return presentMovement(movement!);
    });
  }

  /** A size's stock movements, newest first (at most `limit`). */
  async movements(db: Db, variantId: string, limit = 100): Promise<StockMovement[]> {
    const rows = await db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(limit);
    return rows.map(presentMovement);
  }

  private async record(db: Db, movements: NewMovement[]): Promise<void> {
    if (movements.length > 0) await db.insert(stockMovements).values(movements);
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

function presentMovement(row: typeof stockMovements.$inferSelect): StockMovement {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
