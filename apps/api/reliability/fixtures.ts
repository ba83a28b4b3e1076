/**
 * What scenarios read and set straight in the database: sizes to order (each scenario its own,
 * so one scenario's stock never meets another's), their stock, and the counts the checks
 * compare. SQL on purpose: the checks must not trust the API they check.
 */
import type pg from 'pg';
import type { Line } from './client';

export type Size = { productId: string; variantId: string; name: string; size: string; pricePaise: number };

let taken = 0;

/**
 * `count` sizes of active products priced ₹500–₹3,000 (under the cash-on-delivery limit with
 * room for several pieces), none handed out before in this run, their stock set to `stock`.
 */
export async function takeSizes(db: pg.Pool, count: number, stock: number): Promise<Size[]> {
  const { rows } = await db.query<{
    product_id: string;
    variant_id: string;
    name: string;
    size: string;
    price: number;
  }>(
    `SELECT v.product_id, v.id AS variant_id, p.name, v.size, v.price_paise AS price
       FROM variants v JOIN products p ON p.id = v.product_id
      WHERE p.is_active AND v.price_paise BETWEEN 50000 AND 300000
      ORDER BY v.sku OFFSET $1 LIMIT $2`,
    [taken, count],
  );
  taken += count;
  if (rows.length < count) throw new Error(`only ${rows.length} sizes left to take`);
  await setStock(
    db,
    rows.map((r) => r.variant_id),
    stock,
  );
  return rows.map((r) => ({
    productId: r.product_id,
    variantId: r.variant_id,
    name: r.name,
    size: r.size,
    pricePaise: r.price,
  }));
}

export async function setStock(db: pg.Pool, variantIds: string[], stock: number): Promise<void> {
  await db.query('UPDATE variants SET stock = $2 WHERE id = ANY($1::uuid[])', [variantIds, stock]);
}

/** Stock of each size, by variant id. */
export async function stockOf(db: pg.Pool, variantIds: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ id: string; stock: number }>(
    'SELECT id, stock FROM variants WHERE id = ANY($1::uuid[])',
    [variantIds],
  );
  return new Map(rows.map((r) => [r.id, r.stock]));
}

export const line = (size: Size, quantity = 1): Line => ({
  productId: size.productId,
  variantId: size.variantId,
  quantity,
});

/** A count from one SQL query answering `n`. */
export async function count(db: pg.Pool, query: string, params: unknown[] = []): Promise<number> {
  const { rows } = await db.query<{ n: string }>(query, params);
  return Number(rows[0]?.n ?? 0);
}
