/**
 * Constants and texts of size charts (docs/shopper-features.md "Size charts and fit"), in a file
 * without zod so the product page's size chart ships no schema code.
 */

/** Centimetres in an inch, for the storefront's cm/in switch. */
export const CM_PER_INCH = 2.54;

/** Bounds of a chart an admin may write: enough for any garment, small enough to show. */
export const SIZE_CHART_MAX_COLUMNS = 8;
export const SIZE_CHART_MAX_ROWS = 40;

export const SIZING_MESSAGES = {
  noChart: 'This product has no size chart.',
  chartNotFound: 'Size chart not found.',
  fit: 'Please choose how it fitted: small, true to size or large.',
  valuesMatchColumns: 'Each row needs a value for every column, and no others.',
  lengthsAreNumbers: 'Lengths (columns in cm) must be positive numbers.',
  uniqueKeys: 'Column keys and row sizes must each be unique.',
} as const;
