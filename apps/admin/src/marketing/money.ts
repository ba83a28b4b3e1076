/**
 * Rupees in the marketing forms, paise in the records and the API (docs/admin.md "Coupons and
 * gift cards"): props for react-admin's NumberInput that show a paise value as rupees and keep
 * what is typed as whole paise.
 */

/** NumberInput props: the record holds paise (or null), the field shows and takes rupees. */
export const RUPEES_INPUT = {
  // An emptied field holds '' until it is parsed again.
  format: (paise: number | string | null | undefined) =>
    paise === null || paise === undefined || paise === '' ? '' : String(Number(paise) / 100),
  parse: (rupees: number | string) =>
    rupees === '' || rupees === null || Number.isNaN(Number(rupees)) ? null : Math.round(Number(rupees) * 100),
  step: 0.01,
  min: 0,
} as const;

/** A datetime-local value ("2026-12-01T10:00", the browser's time) or an ISO string as ISO with its offset; '' → null. */
export function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
