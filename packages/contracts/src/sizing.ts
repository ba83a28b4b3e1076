/**
 * Shapes of size charts (docs/shopper-features.md "Size charts and fit"): a chart per brand and
 * category, lengths in centimetres (the storefront works out inches), with the public guide the
 * figures come from.
 */
import { z } from 'zod';
import { SIZE_CHART_MAX_COLUMNS, SIZE_CHART_MAX_ROWS, SIZING_MESSAGES } from './sizing-constants';

const name = (max: number) => z.string().trim().min(1).max(max);

export const sizeChartColumnSchema = z.object({
  /** The key of this column in each row's `values`. */
  key: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,29}$/)
    .describe('lower-case letters, digits and _'),
  label: name(40),
  /** The label in Hindi; left out: the English is shown. */
  labelHi: z.string().trim().max(40).optional(),
  /** `cm` for a length (chest, waist, foot length …); null for a size name (UK, EU). */
  unit: z.enum(['cm']).nullable(),
});
export type SizeChartColumn = z.infer<typeof sizeChartColumnSchema>;

export const sizeChartRowSchema = z.object({
  /** The size as the product sells it ("M", "32", "UK7"). */
  size: name(20),
  values: z.record(z.string(), z.union([z.number(), name(20)])),
});
export type SizeChartRow = z.infer<typeof sizeChartRowSchema>;

/** A chart's content as written by the admin (PUT /admin/api/size-charts/:id) or the seed. */
export const sizeChartBodySchema = z
  .object({
    columns: z.array(sizeChartColumnSchema).min(1).max(SIZE_CHART_MAX_COLUMNS),
    rows: z.array(sizeChartRowSchema).min(1).max(SIZE_CHART_MAX_ROWS),
    sourceName: name(200),
    sourceUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .nullable(),
  })
  .superRefine((chart, ctx) => {
    const keys = chart.columns.map((c) => c.key);
    const sizes = chart.rows.map((r) => r.size.toLowerCase());
    if (new Set(keys).size !== keys.length || new Set(sizes).size !== sizes.length) {
      ctx.addIssue({ code: 'custom', message: SIZING_MESSAGES.uniqueKeys, path: ['columns'] });
    }
    chart.rows.forEach((row, i) => {
      const given = Object.keys(row.values);
      if (given.length !== keys.length || !keys.every((k) => k in row.values)) {
        ctx.addIssue({ code: 'custom', message: SIZING_MESSAGES.valuesMatchColumns, path: ['rows', i, 'values'] });
        return;
      }
      for (const column of chart.columns) {
        const value = row.values[column.key];
        if (column.unit === 'cm' && !(typeof value === 'number' && value > 0 && value < 1000)) {
          ctx.addIssue({ code: 'custom', message: SIZING_MESSAGES.lengthsAreNumbers, path: ['rows', i, 'values'] });
        }
      }
    });
  });
export type SizeChartBody = z.infer<typeof sizeChartBodySchema>;

/** A chart as the storefront shows it (GET /products/:id/size-chart). */
export const sizeChartSchema = z.object({
  id: z.string(),
  /** The brand the chart is for; null for the store's chart of the category. */
  brand: z.string().nullable(),
  category: z.object({ id: z.string(), name: z.string() }),
  columns: z.array(sizeChartColumnSchema),
  rows: z.array(sizeChartRowSchema),
  sourceName: z.string(),
  sourceUrl: z.string().nullable(),
  updatedAt: z.string(),
});
export type SizeChart = z.infer<typeof sizeChartSchema>;
