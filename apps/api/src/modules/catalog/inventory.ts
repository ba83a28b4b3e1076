/**
 * Stock of the catalogue's variants (docs/architecture.md "Conventions": stock). Every change
 * of stock goes through here and is recorded as a stock movement (docs/admin.md "Stock"):
 * orders reserve and give back, returns are restocked, and the store adjusts. Stock
 * is taken with conditional updates (`stock = stock - q WHERE stock >= q`) in a fixed lock
 * order, inside the caller's transaction (`db`), so no two orders oversell and none deadlock;
 * each change keeps the product's listing flag `in_stock` true exactly while a size is in stock,
 * and its `sizes_in_stock` (what the size filter matches) to the sizes that have stock.
 */
import {
  ADMIN_MESSAGES,
  CART_MESSAGES,
  orderOutOfStock,
  type StockAdjustBody,
  type StockAdjustReason,
  type StockImportResult,
  type StockMovement,
  type StockMovementReason,
} from '@vastra/contracts';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { DomainEventBus } from '../../lib/events';
import { readStockCsv } from './stock-import';
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
   * `events`: told `stock.changed` with the products whose stock changed, in the caller's
   * transaction, once each change is made (the catalogue's answers drop them; stock that came
   * back may be news for the back-in-stock alerts, docs/shopper-features.md "Alerts").
   */
  constructor(private readonly events: DomainEventBus) {}

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
      false,
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
      moved.length > 0,
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
      await this.refreshInStock(tx, [current.productId], stockAfter > current.stock);
      return presentMovement(movement!);
    });
  }

  /**
   * The stock CSV import (docs/admin.md "Products and stock"): every row checked first (unknown
   * SKU, a SKU twice, not a whole number, a count below zero, a result below zero), then, unless
   * `dryRun` or a row is bad, applied all or nothing in one transaction, a stock movement
   * (`reason`, reference "stock import") per size that changes. Answers each row's change or
   * every bad row by its line; `applied` says whether the stock changed.
   */
  async importStock(
    db: Db,
    input: { csv: string; mode: 'set' | 'delta'; reason: StockAdjustReason; dryRun: boolean; actor: string },
  ): Promise<StockImportResult> {
    const { rows, error } = readStockCsv(input.csv);
    if (error) return { applied: false, changes: [], errors: [{ line: 1, sku: '', message: error }] };
    return db.transaction(async (tx) => {
      const skus = [...new Set(rows.filter((r) => r.message === null).map((r) => r.sku.toUpperCase()))];
      // Locked in id order, so an import and an order for the same sizes wait rather than deadlock.
      const found = skus.length
        ? await tx
            .select({ id: variants.id, sku: variants.sku, stock: variants.stock, productId: variants.productId })
            .from(variants)
            .where(inArray(sql`upper(${variants.sku})`, skus))
            .orderBy(asc(variants.id))
            .for('update')
        : [];
      const bySku = new Map(found.map((v) => [v.sku.toUpperCase(), v]));
      const changes: StockImportResult['changes'] = [];
      const errors: StockImportResult['errors'] = [];
      const moves: (NewMovement & { productId: string })[] = [];
      for (const row of rows) {
        const variant = bySku.get(row.sku.toUpperCase());
        const stockAfter =
          variant && row.quantity !== null ? (input.mode === 'set' ? 0 : variant.stock) + row.quantity : 0;
        let message = row.message;
        if (!message && !variant) message = 'No size has this SKU.';
        else if (!message && input.mode === 'set' && row.quantity! < 0) message = 'A count cannot be negative.';
        else if (!message && stockAfter < 0) message = `${ADMIN_MESSAGES.stockBelowZero} (${variant!.stock} now)`;
        if (message || !variant) {
          errors.push({ line: row.line, sku: row.sku, message: message! });
          continue;
        }
        changes.push({ line: row.line, sku: variant.sku, stockBefore: variant.stock, stockAfter });
        if (stockAfter !== variant.stock) {
          moves.push({
            variantId: variant.id,
            productId: variant.productId,
            reason: input.reason,
            stockBefore: variant.stock,
            stockAfter,
            actor: input.actor,
            reference: 'stock import',
          });
        }
      }
      if (errors.length > 0 || input.dryRun) return { applied: false, changes, errors };
      for (const move of moves) {
        await tx.update(variants).set({ stock: move.stockAfter }).where(eq(variants.id, move.variantId));
      }
      await this.record(
        tx,
        moves.map(({ productId: _productId, ...move }) => move),
      );
      await this.refreshInStock(
        tx,
        moves.map((m) => m.productId),
        moves.some((m) => m.stockAfter > m.stockBefore),
      );
      return { applied: true, changes, errors };
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

  /**
   * Keeps the listing's in-stock flag true exactly when a product has a size in stock, and its
   * sizes in stock (the size filter's, in the variants' order) to the sizes with stock, and
   * tells `stock.changed` (`cameBack`: some size got pieces back).
   */
  private async refreshInStock(db: Db, productIds: string[], cameBack: boolean): Promise<void> {
    const ids = [...new Set(productIds)];
    if (ids.length === 0) return;
    await db
      .update(products)
      .set({
        inStock: sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.productId} = ${products.id} AND ${variants.stock} > 0)`,
        sizesInStock: sql`ARRAY(SELECT ${variants.size} FROM ${variants}
          WHERE ${variants.productId} = ${products.id} AND ${variants.stock} > 0
          ORDER BY ${variants.position}, ${variants.sku})`,
      })
      .where(inArray(products.id, ids));
    await this.events.emit('stock.changed', { productIds: ids, cameBack });
  }
}

function presentMovement(row: typeof stockMovements.$inferSelect): StockMovement {
  return { ...row, createdAt: row.createdAt.toISOString() };
}
