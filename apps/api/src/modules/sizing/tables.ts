/**
 * Table of the sizing module (docs/shopper-features.md "Size charts"): a size chart per brand
 * and category, measured in centimetres (inches are worked out when shown), with the public
 * size guide it was taken from.
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories } from '../catalog/tables';

/** One row of a chart: the size as sold, then its measurements (cm) or shoe sizes by name. */
export type SizeChartRowJson = { size: string; values: Record<string, number | string> };
/** A column of a chart: its key in `values`, its label, and `cm` when it is a length. */
export type SizeChartColumnJson = { key: string; label: string; labelHi?: string; unit: 'cm' | null };

export const sizeCharts = pgTable(
  'size_charts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The brand as products spell it; null for the store's chart of the category. */
    brand: text('brand'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    columns: jsonb('columns').$type<SizeChartColumnJson[]>().notNull(),
    rows: jsonb('rows').$type<SizeChartRowJson[]>().notNull(),
    /** Where the figures come from: the guide's name and address. */
    sourceName: text('source_name').notNull(),
    sourceUrl: text('source_url'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('size_charts_brand_category_idx').on(sql`coalesce(lower(${t.brand}), '')`, t.categoryId),
    index('size_charts_category_idx').on(t.categoryId),
  ],
);
