/**
 * The one writer of products in bulk, for the CSV import (modules/catalog/csv-import.ts) and
 * the seed (db/seed): batched upserts of products (on `external_id`), their variants (on
 * `sku`) and collection links. Callers wrap the calls in a transaction. Prices are integer
 * paise.
 *
 * Speed matters (the full catalogue is 44k products and 180k variants): each statement sends
 * one PostgreSQL array literal per column and expands them with `unnest`, so a statement of
 * thousands of rows has a dozen bind parameters, the ORM does not build thousands of
 * placeholders, and variants and links find their product by `external_id` inside the same
 * statement. An existing row is only rewritten when a value differs, so a second run writes
 * nothing and keeps `updated_at`.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { collections, productCollections, products, variants } from './tables';

const PRODUCTS_PER_STATEMENT = 2_500;
const ROWS_PER_STATEMENT = 10_000;

export type ProductFields = Omit<typeof products.$inferInsert, 'id' | 'categoryId' | 'updatedAt'>;

/** A product ready to write: its columns, its category and collections by key, its sizes. */
export type ProductInput = {
  product: ProductFields;
  /** `master|sub|article` names, as in the category tree. */
  categoryKey: string;
  collectionSlugs: string[];
  variants: { sku: string; size: string; stock: number }[];
};

/** `list` in consecutive pieces of at most `size` (the last may be shorter). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

function columnsOf(table: PgTable, keys: readonly string[]): PgColumn[] {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return keys.map((k) => {
    const col = columns[k];
    if (!col) throw new Error(`No column ${k}`);
    return col;
  });
}

const excluded = (col: PgColumn): SQL => sql.raw(`excluded."${col.name}"`);

/**
 * The ON CONFLICT DO UPDATE parts for `keys` of `table`: `set` takes each value from the
 * proposed row, and `changed` is true only when one of them differs from the stored row.
 */
export function upsertParts(table: PgTable, keys: readonly string[]): { set: Record<string, SQL>; changed: SQL } {
  const cols = columnsOf(table, keys);
  return {
    set: Object.fromEntries(keys.map((k, i) => [k, excluded(cols[i]!)])),
    changed: sql`(${sql.join(cols, sql`, `)}) IS DISTINCT FROM (${sql.join(cols.map(excluded), sql`, `)})`,
  };
}

type Scalar = string | number | boolean | Date | null | undefined;

/** One element of an array literal: always quoted, `\` and `"` escaped; NULL for null. */
function element(v: Scalar): string {
  if (v === null || v === undefined) return 'NULL';
  const text = v instanceof Date ? v.toISOString() : typeof v === 'boolean' ? (v ? 't' : 'f') : String(v);
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** `{"a","b",NULL}`: PostgreSQL's text form of an array, the same for every driver. */
function arrayLiteral(values: readonly Scalar[]): string {
  return `{${values.map(element).join(',')}}`;
}

/** A column for `unnest`: its PostgreSQL type and one value per row. */
type UnnestColumn = { name: string; type: string; values: readonly unknown[] };

/**
 * The FROM and SELECT parts that turn columns into rows: each column is one array parameter.
 * jsonb and text[] values travel as text and are cast per row (an array of arrays must be
 * rectangular, and sizes are not).
 */
function unnest(columns: readonly UnnestColumn[]): { from: SQL; select: SQL } {
  const args = columns.map((c) => {
    if (c.type === 'jsonb')
      return sql`${arrayLiteral(c.values.map((v) => (v == null ? null : JSON.stringify(v))))}::text[]`;
    if (c.type.endsWith('[]'))
      return sql`${arrayLiteral(c.values.map((v) => (v == null ? null : arrayLiteral(v as Scalar[]))))}::text[]`;
    return sql`${arrayLiteral(c.values as Scalar[])}::${sql.raw(c.type)}[]`;
  });
  const names = columns.map((c) => sql.identifier(c.name));
  const reads = columns.map((c) =>
    c.type === 'jsonb' || c.type.endsWith('[]')
      ? sql`${sql.identifier(c.name)}::${sql.raw(c.type)}`
      : sql.identifier(c.name),
  );
  return {
    from: sql`unnest(${sql.join(args, sql`, `)}) AS u(${sql.join(names, sql`, `)})`,
    select: sql.join(reads, sql`, `),
  };
}

/** PostgreSQL type of each product field the writer may be given. */
const PRODUCT_TYPES: Record<keyof ProductFields | 'categoryId', string> = {
  externalId: 'text',
  slug: 'text',
  name: 'text',
  brand: 'text',
  description: 'text',
  nameHi: 'text',
  descriptionHi: 'text',
  gender: 'text',
  categoryId: 'uuid',
  color: 'text',
  season: 'text',
  usage: 'text',
  year: 'int',
  hsnCode: 'text',
  countryOfOrigin: 'text',
  manufacturer: 'text',
  importer: 'text',
  netQuantity: 'text',
  pricePaise: 'int',
  mrpPaise: 'int',
  discountPercent: 'int',
  ratingAverage: 'real',
  ratingCount: 'int',
  images: 'jsonb',
  sizes: 'text[]',
  sizesInStock: 'text[]',
  inStock: 'boolean',
  status: 'text',
  searchText: 'text',
  createdAt: 'timestamptz',
};

async function upsertProducts(db: Db, rows: readonly (ProductFields & { categoryId: string })[]): Promise<void> {
  // Only the fields given are written, so an import leaves ratings and creation time alone.
  const keys = Object.keys(rows[0]!) as (keyof typeof PRODUCT_TYPES)[];
  const cols = columnsOf(products, keys);
  const { from, select } = unnest(
    keys.map((k, i) => ({ name: cols[i]!.name, type: PRODUCT_TYPES[k], values: rows.map((r) => r[k]) })),
  );
  const updated = cols.filter((c) => c.name !== 'external_id');
  await db.execute(sql`
    INSERT INTO ${products} (${sql.join(
      cols.map((c) => sql.identifier(c.name)),
      sql`, `,
    )})
    SELECT ${select} FROM ${from}
    ON CONFLICT (external_id) DO UPDATE SET
      ${sql.join(
        updated.map((c) => sql`${sql.identifier(c.name)} = ${excluded(c)}`),
        sql`, `,
      )}, updated_at = now()
    WHERE (${sql.join(updated, sql`, `)}) IS DISTINCT FROM (${sql.join(updated.map(excluded), sql`, `)})`);
}

async function upsertVariants(
  db: Db,
  rows: readonly {
    externalId: string;
    sku: string;
    size: string;
    color: string;
    pricePaise: number;
    mrpPaise: number;
    stock: number;
    position: number;
  }[],
): Promise<void> {
  const { from, select } = unnest([
    { name: 'external_id', type: 'text', values: rows.map((r) => r.externalId) },
    { name: 'sku', type: 'text', values: rows.map((r) => r.sku) },
    { name: 'size', type: 'text', values: rows.map((r) => r.size) },
    { name: 'color', type: 'text', values: rows.map((r) => r.color) },
    { name: 'price_paise', type: 'int', values: rows.map((r) => r.pricePaise) },
    { name: 'mrp_paise', type: 'int', values: rows.map((r) => r.mrpPaise) },
    { name: 'stock', type: 'int', values: rows.map((r) => r.stock) },
    { name: 'position', type: 'int', values: rows.map((r) => r.position) },
  ]);
  const updated = columnsOf(variants, ['productId', 'size', 'color', 'pricePaise', 'mrpPaise', 'stock', 'position']);
  await db.execute(sql`
    INSERT INTO ${variants} (product_id, sku, size, color, price_paise, mrp_paise, stock, position)
    SELECT p.id, v.sku, v.size, v.color, v.price_paise, v.mrp_paise, v.stock, v.position
    FROM (SELECT ${select} FROM ${from}) v JOIN ${products} p ON p.external_id = v.external_id
    ON CONFLICT (sku) DO UPDATE SET
      ${sql.join(
        updated.map((c) => sql`${sql.identifier(c.name)} = ${excluded(c)}`),
        sql`, `,
      )}
    WHERE (${sql.join(updated, sql`, `)}) IS DISTINCT FROM (${sql.join(updated.map(excluded), sql`, `)})`);
}

async function linkCollections(db: Db, rows: readonly { externalId: string; slug: string }[]): Promise<void> {
  const { from, select } = unnest([
    { name: 'external_id', type: 'text', values: rows.map((r) => r.externalId) },
    { name: 'slug', type: 'text', values: rows.map((r) => r.slug) },
  ]);
  await db.execute(sql`
    INSERT INTO ${productCollections} (product_id, collection_id)
    SELECT p.id, c.id FROM (SELECT ${select} FROM ${from}) l
    JOIN ${products} p ON p.external_id = l.external_id
    JOIN ${collections} c ON c.slug = l.slug
    ON CONFLICT DO NOTHING`);
}

/**
 * Upserts products with their variants and links to the (already stored) collections named
 * by slug. `onBatch` is called with the number of products written after each batch.
 * Returns the number of variants written.
 */
export async function writeProducts(
  db: Db,
  inputs: readonly ProductInput[],
  categoryIds: ReadonlyMap<string, string>,
  onBatch?: (written: number) => void,
): Promise<number> {
  let variantCount = 0;
  for (const batch of chunk(inputs, PRODUCTS_PER_STATEMENT)) {
    await upsertProducts(
      db,
      batch.map((input) => {
        const categoryId = categoryIds.get(input.categoryKey);
        if (!categoryId) throw new Error(`No category ${input.categoryKey} for product ${input.product.externalId}`);
        return { ...input.product, categoryId };
      }),
    );
    const variantRows = batch.flatMap(({ product: p, variants: vs }) =>
      vs.map((v, position) => ({
        externalId: p.externalId,
        ...v,
        color: p.color,
        pricePaise: p.pricePaise,
        mrpPaise: p.mrpPaise,
        position,
      })),
    );
    for (const rows of chunk(variantRows, ROWS_PER_STATEMENT)) await upsertVariants(db, rows);
    const links = batch.flatMap(({ product: p, collectionSlugs }) =>
      collectionSlugs.map((slug) => ({ externalId: p.externalId, slug })),
    );
    for (const rows of chunk(links, ROWS_PER_STATEMENT)) await linkCollections(db, rows);
    variantCount += variantRows.length;
    onBatch?.(batch.length);
  }
  return variantCount;
}
