/**
 * The one CSV writer of the API (docs/admin.md "CSV files"): every CSV the store hands out
 * (the orders export, the products export, the GST reports) is written by `writeCsv`, which
 * neutralises formula injection (OWASP "CSV Injection"): a text cell that a spreadsheet would
 * run as a formula, one beginning with `=`, `+`, `-`, `@`, a tab or a carriage return (or the
 * full-width ＝ ＋ － ＠ that Apple Numbers reads as those), is written with a `'` in front, so
 * a shopper's address `=HYPERLINK(…)` opens as the text it is.
 *
 * Numbers are data, not formulas, and are left as they are: JavaScript numbers (a stock change
 * of -5, a quantity) and text that is nothing but a decimal number (`-1299.50`, an amount
 * formatted to two decimals; a credit note makes a month's GST summary negative). Neither can
 * carry a formula, and a spreadsheet reads both as the number.
 *
 * The guard can be taken off exactly (`unguardCell`, used by the catalogue import, so that an
 * export imported again changes nothing): a text that already begins with `'` followed by a
 * guarded character (`'=x`, `''-x`) gets one more `'`, and `unguardCell` removes one `'` only
 * from such a text. Any other leading `'` is kept as it is. csv-stringify's own
 * `escape_formulas` is not used because it guards `-1299.50` written as text and leaves `'=x`
 * unguarded, so an import could not tell the guard from a quote that is part of the value.
 */
import { stringify } from 'csv-stringify/sync';

/** Text a spreadsheet may run as a formula, behind any number of `'`. */
const GUARDED = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A decimal number written as text: a spreadsheet reads it as the number, never a formula. */
const NUMBER = /^[+-]?[0-9]+(\.[0-9]+)?$/;

/** `value` as written into a CSV cell: with a `'` in front when a spreadsheet could run it. */
export function guardCell(value: string): string {
  return GUARDED.test(value) && !NUMBER.test(value) ? `'${value}` : value;
}

/**
 * A cell read from a CSV the store wrote, without `guardCell`'s `'`: one `'` is removed when a
 * guarded character follows it (after any further `'`); any other value is returned unchanged.
 */
export function unguardCell(value: string): string {
  return value.startsWith("'") && GUARDED.test(value) ? value.slice(1) : value;
}

/**
 * The CSV text of `header` then `rows` (RFC 4180 quoting, `\n` between records), every text
 * cell through `guardCell`. Numbers are written as JavaScript prints them, null and undefined
 * as empty cells, booleans as `1` or empty and dates as milliseconds (csv-stringify's defaults).
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return stringify([header, ...rows] as unknown[][], { cast: { string: guardCell } });
}
