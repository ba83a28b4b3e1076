/**
 * Reading a stock CSV (docs/admin.md "Products and stock"): the header `sku,quantity`, then a
 * row per size. Each row keeps its line number and, when it cannot be read, why; the checks
 * against the catalogue are InventoryService.importStock's.
 */
import { parse } from 'csv-parse/sync';

/** A row of the file; `quantity` is null when `message` says what is wrong with it. */
export type StockCsvRow = { line: number; sku: string; quantity: number | null; message: string | null };

/**
 * The rows of the CSV with their line numbers (the header is line 1), or `error` when the file
 * as a whole cannot be used (not CSV, no header, no rows). A SKU is compared without case.
 */
export function readStockCsv(csv: string): { rows: StockCsvRow[]; error: string | null } {
  let records: string[][];
  try {
    records = parse(csv, { skip_empty_lines: true, trim: true, bom: true, relax_column_count: true });
  } catch (err) {
    return { rows: [], error: `The file is not a CSV: ${(err as Error).message}` };
  }
  const [header, ...body] = records;
  if (!header || header[0]?.toLowerCase() !== 'sku' || header[1]?.toLowerCase() !== 'quantity') {
    return { rows: [], error: 'The first line must be the header sku,quantity.' };
  }
  const seen = new Set<string>();
  const rows = body.map((cells, i): StockCsvRow => {
    const line = i + 2;
    const sku = cells[0] ?? '';
    const text = cells[1] ?? '';
    let message: string | null = null;
    if (!sku) message = 'The SKU is missing.';
    else if (seen.has(sku.toUpperCase())) message = 'This SKU is on an earlier line too.';
    else if (!/^-?\d{1,6}$/.test(text)) message = 'The quantity must be a whole number.';
    seen.add(sku.toUpperCase());
    return { line, sku, quantity: message ? null : Number(text), message };
  });
  return { rows, error: rows.length === 0 ? 'The file has no rows below the header.' : null };
}
