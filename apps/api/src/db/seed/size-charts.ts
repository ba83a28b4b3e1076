/**
 * The seeded size charts (docs/shopper-features.md "Size charts and fit"):
 * `data-sources/sizing/size_charts.json`, the store's charts for Topwear, Bottomwear and Shoes
 * and the charts of a few of the catalogue's largest brands, each naming the guide its figures
 * come from (see data-sources/README.md "Size charts"). A chart names its category by the
 * tree's path of names (`Apparel|Topwear`); one whose category is not seeded is left out.
 *
 * Charts are only added, never overwritten: a chart the admin has replaced keeps its figures
 * when the store is seeded again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sizeChartBodySchema } from '@vastra/contracts';
import { z } from 'zod';
import type { Db } from '../client';
import { sizeCharts } from '../schema';
import { SIZE_LABELS_HI } from './hindi';
import { CATALOG_DIR } from './source';

export const SIZE_CHARTS_FILE = path.join(CATALOG_DIR, '..', 'sizing', 'size_charts.json');

const seededChartSchema = z.array(
  sizeChartBodySchema.and(z.object({ brand: z.string().min(1).nullable(), category: z.string().min(1) })),
);

/** Reads and checks the charts file; throws naming the first problem. */
export function readSizeCharts(file = SIZE_CHARTS_FILE) {
  return seededChartSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** Adds the charts whose category is seeded (`categoryIds`: id by path of names); returns how many were new. */
export async function insertSizeCharts(db: Db, categoryIds: ReadonlyMap<string, string>): Promise<number> {
  const values = readSizeCharts().flatMap(({ category, ...chart }) => {
    const categoryId = categoryIds.get(category);
    // Each column's label in Hindi too, where hindi.ts has one (size systems such as EU stay).
    const columns = chart.columns.map((c) =>
      SIZE_LABELS_HI[c.label] ? { ...c, labelHi: SIZE_LABELS_HI[c.label] } : c,
    );
    return categoryId ? [{ ...chart, columns, categoryId }] : [];
  });
  if (values.length === 0) return 0;
  const inserted = await db.insert(sizeCharts).values(values).onConflictDoNothing().returning({ id: sizeCharts.id });
  return inserted.length;
}
