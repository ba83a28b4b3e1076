/**
 * Test helpers over the seeded catalogue: find products with several sizes and set a size's
 * stock or price, or withdraw a product, straight in the database (as a store owner would).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

export type TestProduct = {
  id: string;
  name: string;
  variants: { id: string; size: string; stock: number; pricePaise: number }[];
};

/** Distinct active products with at least `minVariants` sizes, `count` of them, skipping `skip`. */
export async function pickProducts(db: Db, count: number, { minVariants = 2, skip = 0 } = {}): Promise<TestProduct[]> {
  const rows = await queryRows<{ id: string; name: string; variants: TestProduct['variants'] }>(
    db,
    sql`SELECT p.id, p.name, json_agg(json_build_object('id', v.id, 'size', v.size, 'stock', v.stock,
          'pricePaise', v.price_paise) ORDER BY v.position, v.sku) AS variants
        FROM products p JOIN variants v ON v.product_id = p.id
        WHERE p.is_active GROUP BY p.id HAVING count(*) >= ${minVariants}
        ORDER BY p.id LIMIT ${count} OFFSET ${skip}`,
  );
  if (rows.length < count) throw new Error(`only ${rows.length} products with ${minVariants}+ sizes`);
  return rows;
}

export async function setStock(db: Db, variantId: string, stock: number): Promise<void> {
  await db.execute(sql`UPDATE variants SET stock = ${stock} WHERE id = ${variantId}::uuid`);
}

export async function setPricePaise(db: Db, variantId: string, pricePaise: number): Promise<void> {
  await db.execute(sql`UPDATE variants SET price_paise = ${pricePaise} WHERE id = ${variantId}::uuid`);
}

/** On sale (`active`) or taken off (a `draft`); `is_active` follows the status. */
export async function setProductActive(db: Db, productId: string, isActive: boolean): Promise<void> {
  const status = isActive ? 'active' : 'draft';
  await db.execute(sql`UPDATE products SET status = ${status} WHERE id = ${productId}::uuid`);
}

/** A well-formed id that names nothing. */
export const unknownId = () => randomUUID();

/**
 * Gives products an HSN code, so a test names the GST rule that taxes them (GST_LAW_RULES:
 * e.g. watches, 9102, pay 18 % at any price; apparel's rate depends on the price).
 */
export async function setHsnCode(db: Db, productIds: readonly string[], hsnCode: string): Promise<void> {
  await db.execute(
    sql`UPDATE products SET hsn_code = ${hsnCode} WHERE id IN (${sql.join(
      productIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
}
