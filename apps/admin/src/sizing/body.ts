/**
 * The size chart form's values as the API's body (docs/shopper-features.md "Size charts and
 * fit"; PUT /admin/api/size-charts/:id). The form types every value as text; lengths (columns
 * in cm) go as numbers. Anything else is left for the API's check to name, so the owner reads
 * the store's own message (SIZING_MESSAGES) rather than a second set of rules here.
 */
import type { SizeChartBody } from '@vastra/contracts';

type FormColumn = { key?: string | null; label?: string | null; labelHi?: string | null; unit?: string | null };
type FormRow = { size?: string | null; values?: Record<string, unknown> | null };
export type SizeChartForm = {
  columns?: FormColumn[] | null;
  rows?: FormRow[] | null;
  sourceName?: string | null;
  sourceUrl?: string | null;
};

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim());

/** A length typed as "96" or "96.5" is sent as a number; other text as typed (the API refuses it). */
function lengthOf(value: unknown): number | string {
  const typed = text(value);
  return /^\d+(\.\d+)?$/.test(typed) ? Number(typed) : typed;
}

/**
 * Columns as typed (a unit other than cm is a size name: null; an empty Hindi label left out,
 * so the Hindi storefront shows the English one); each row's values for the
 * chart's columns only, so a removed or renamed column leaves no stale value behind. A value
 * left empty is not sent, and the API says every column needs one.
 */
export function sizeChartBody(form: SizeChartForm): SizeChartBody {
  const columns = (form.columns ?? []).map((c) => ({
    key: text(c.key),
    label: text(c.label),
    ...(text(c.labelHi) ? { labelHi: text(c.labelHi) } : {}),
    unit: c.unit === 'cm' ? ('cm' as const) : null,
  }));
  const rows = (form.rows ?? []).map((r) => {
    const values: Record<string, number | string> = {};
    for (const column of columns) {
      const value = r.values?.[column.key];
      if (text(value) === '') continue;
      values[column.key] = column.unit === 'cm' ? lengthOf(value) : text(value);
    }
    return { size: text(r.size), values };
  });
  const sourceUrl = text(form.sourceUrl);
  return { columns, rows, sourceName: text(form.sourceName), sourceUrl: sourceUrl === '' ? null : sourceUrl };
}
