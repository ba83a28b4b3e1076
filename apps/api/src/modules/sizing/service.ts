/**
 * Size charts (docs/shopper-features.md "Size charts and fit"): the chart a product page shows
 * beside its sizes, and the admin's list, read and replace of the charts. Lengths are stored in
 * centimetres; each chart names the public size guide its figures come from.
 *
 * Which chart a product gets: the brand's chart for the product's own category (the article
 * type), then for each parent up the category path (the sub category …); else the store's chart
 * (brand null) in the same order; else none. Brands match case-insensitively, as the table's
 * unique index does.
 *
 * Errors: NotFoundError (404) for an unknown or withdrawn product, a product without a chart,
 * or an unknown chart id.
 */
import type { CatalogLang, CategoryNode, SizeChart, SizeChartBody } from '@vastra/contracts';
import { SIZING_MESSAGES } from '@vastra/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../lib/errors';
import type { CatalogService } from '../catalog/service';
import { sizeCharts } from './tables';

type Row = typeof sizeCharts.$inferSelect;

export class SizingService {
  constructor(
    private readonly db: Db,
    private readonly catalog: Pick<CatalogService, 'getProduct' | 'categoryTree'>,
  ) {}

  /**
   * The chart a product's page shows (order above), its column labels and category name in
   * `lang` (English where no Hindi is written: docs/behaviour.md "Catalogue languages");
   * NotFoundError(noChart) when there is none.
   */
  async forProduct(productIdOrSlug: string, lang: CatalogLang = 'en'): Promise<SizeChart> {
    const product = await this.catalog.getProduct(productIdOrSlug, lang);
    // The product's own category first, the top of the tree last.
    const path = [...product.categoryPath].reverse();
    const rows = await this.db
      .select()
      .from(sizeCharts)
      .where(
        sql`${inArray(
          sizeCharts.categoryId,
          path.map((c) => c.id),
        )} AND (${sizeCharts.brand} IS NULL OR lower(${sizeCharts.brand}) = lower(${product.brand}))`,
      );
    const rank = (row: Row) => (row.brand === null ? path.length : 0) + path.findIndex((c) => c.id === row.categoryId);
    const best = rows.sort((a, b) => rank(a) - rank(b))[0];
    if (!best) throw new NotFoundError(SIZING_MESSAGES.noChart);
    const category = path.find((c) => c.id === best.categoryId)!;
    const chart = toPublic(best, category.name);
    if (lang === 'en') return chart;
    return { ...chart, columns: chart.columns.map((c) => ({ ...c, label: c.labelHi || c.label })) };
  }

  /** Every chart for the admin, by category name, the store's chart before the brands'. */
  async list(): Promise<SizeChart[]> {
    const [rows, names] = await Promise.all([
      this.db.select().from(sizeCharts).orderBy(asc(sizeCharts.brand)),
      this.categoryNames(),
    ]);
    return rows
      .map((row) => toPublic(row, names.get(row.categoryId) ?? ''))
      .sort(
        (a, b) => a.category.name.localeCompare(b.category.name) || (a.brand ?? '').localeCompare(b.brand ?? '', 'en'),
      );
  }

  /** One chart by id; NotFoundError(chartNotFound). */
  async get(id: string): Promise<SizeChart> {
    const [row] = await this.db.select().from(sizeCharts).where(eq(sizeCharts.id, id));
    if (!row) throw new NotFoundError(SIZING_MESSAGES.chartNotFound);
    return toPublic(row, (await this.categoryNames()).get(row.categoryId) ?? '');
  }

  /**
   * Replaces a chart's columns, rows and source (its brand and category stay): shoppers see it
   * on the next product page. NotFoundError(chartNotFound).
   */
  async replace(id: string, body: SizeChartBody): Promise<SizeChart> {
    const [row] = await this.db
      .update(sizeCharts)
      .set({
        columns: body.columns,
        rows: body.rows,
        sourceName: body.sourceName,
        sourceUrl: body.sourceUrl,
        updatedAt: new Date(),
      })
      .where(eq(sizeCharts.id, id))
      .returning({ id: sizeCharts.id });
    if (!row) throw new NotFoundError(SIZING_MESSAGES.chartNotFound);
    return this.get(row.id);
  }

  private async categoryNames(): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    const walk = (nodes: CategoryNode[]) =>
      nodes.forEach((node) => {
        names.set(node.id, node.name);
        walk(node.children);
      });
    walk((await this.catalog.categoryTree()).categories);
    return names;
  }
}

function toPublic(row: Row, categoryName: string): SizeChart {
  return {
    id: row.id,
    brand: row.brand,
    category: { id: row.categoryId, name: categoryName },
    columns: row.columns,
    rows: row.rows,
    sourceName: row.sourceName,
    sourceUrl: row.sourceUrl,
    updatedAt: row.updatedAt.toISOString(),
  };
}
