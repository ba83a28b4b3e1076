/**
 * The products CSV out (docs/admin.md "Importing and exporting the catalogue"): the whole
 * catalogue or a filtered list in the import's columns (./csv-import.ts), so an export imported
 * again changes nothing (a product's lowest size price stands for all its sizes, as the
 * import's one price per product does). Written by lib/csv.ts, which puts a `'` before a cell a
 * spreadsheet would run as a formula; the import takes it off.
 */
import { asc, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { writeCsv } from '../../lib/csv';
import { COLUMNS } from './csv-import';
import { sourceName } from './product-text';
import { categories, products, variants } from './tables';

/** Rupees as the import reads them: `1299` or `1299.5`. */
const rupees = (paise: number) => String(paise / 100);

/**
 * The products matching `where` (all when undefined) as a products CSV, in the import's
 * columns, oldest first.
 */
export async function exportProductsCsv(db: Db, where: SQL | undefined): Promise<string> {
  const [rows, tree] = await Promise.all([
    db.select().from(products).where(where).orderBy(asc(products.createdAt), asc(products.externalId)),
    db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories),
  ]);
  const byId = new Map(tree.map((c) => [c.id, c]));
  const pathOf = (id: string) => {
    const names: string[] = [];
    for (let c = byId.get(id); c; c = c.parentId ? byId.get(c.parentId) : undefined) names.unshift(c.name);
    return names;
  };
  const sizes = new Map<string, (typeof variants.$inferSelect)[]>();
  for (let i = 0; i < rows.length; i += 5000) {
    const ids = rows.slice(i, i + 5000).map((r) => r.id);
    const part = await db
      .select()
      .from(variants)
      .where(inArray(variants.productId, ids))
      .orderBy(asc(variants.position), asc(variants.sku));
    for (const v of part) sizes.set(v.productId, [...(sizes.get(v.productId) ?? []), v]);
  }
  const records = rows.map((p) => {
    const list = sizes.get(p.id) ?? [];
    const lowest = list.reduce<(typeof list)[number] | undefined>(
      (m, v) => (!m || v.pricePaise < m.pricePaise ? v : m),
      undefined,
    );
    const [master = '', sub = '', article = ''] = pathOf(p.categoryId).map(sourceName);
    const images = [...p.images].sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
    const record: Record<string, string> = {
      external_id: p.externalId,
      name: p.name,
      brand: p.brand,
      gender: p.gender,
      master_category: master,
      sub_category: sub,
      article_type: article,
      color: p.color,
      sizes: list.map((v) => v.size).join('|'),
      price_inr: lowest ? rupees(lowest.pricePaise) : '',
      mrp_inr: lowest ? rupees(lowest.mrpPaise) : '',
      stock: list.map((v) => String(v.stock)).join('|'),
      image_url: images.map((i) => i.url).join('|'),
      description: p.description,
      hsn_code: p.hsnCode,
      season: p.season ?? '',
      usage: p.usage ?? '',
      year: p.year === null ? '' : String(p.year),
      country_of_origin: p.countryOfOrigin ?? '',
      manufacturer: p.manufacturer ?? '',
      importer: p.importer ?? '',
      net_quantity: p.netQuantity ?? '',
    };
    return COLUMNS.map((c) => record[c] ?? '');
  });
  return writeCsv(COLUMNS, records);
}
