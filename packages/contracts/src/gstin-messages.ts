/**
 * Messages of a business buyer's GSTIN and name at checkout (behaviour.md §10 Business buyers),
 * word for word; in a module of their own, so the every-page message catalogue does not take
 * the GSTIN checks (gstin.ts) with it.
 */
/** Messages of the business buyer's GSTIN and name at checkout, word for word. */
export const GSTIN_MESSAGES = {
  format:
    'Enter a valid 15-character GSTIN: state code, PAN, entity number, Z and a check character (e.g. 27AAPFU0939F1ZV).',
  checksum: 'This GSTIN is not valid: its last character does not match. Please check it for a typing mistake.',
  businessNameRequired: 'Enter the business name registered with the GSTIN.',
  gstinRequired: 'Enter the GSTIN of the business, or leave the business name empty.',
  businessNameTooLong: 'The business name can be at most 120 characters.',
} as const;
