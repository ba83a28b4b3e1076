/**
 * The courier updates' paths, limits and messages (docs/behaviour.md "Courier updates: NDR and
 * RTO", "COD remittance"), in a file without zod so the storefront's order page ships no schema
 * code.
 */

export const COURIER_PATHS = {
  /** POST: Shiprocket's tracking webhook (`x-api-key`). */
  webhook: '/webhooks/shiprocket',
  /** The same webhook under a name Shiprocket accepts (its panel refuses URLs containing "shiprocket", "sr" or "kr"). */
  webhookAlias: '/webhooks/courier',
} as const;

/** How many days ahead (India time, from tomorrow) a shopper may ask the courier to come again. */
export const NDR_MAX_DAYS_AHEAD = 3;
/** Longest note a shopper may add for the courier. */
export const NDR_MAX_NOTE_LENGTH = 200;
/** Days after delivery after which cash the courier has not remitted is "missing" (the admin may ask for another). */
export const DEFAULT_REMITTANCE_MISSING_DAYS = 10;
/** Largest remittance CSV, in characters. */
export const REMITTANCE_CSV_MAX_CHARS = 2_000_000;

export const COURIER_MESSAGES = {
  webhookTokenInvalid: 'The webhook token is not valid.',
  ndrNotOpen: 'This order has no failed delivery attempt to answer.',
  ndrAlreadyAnswered: 'You have already told the courier what to do about this attempt.',
  ndrSent: 'Thank you. The courier will try again.',
  ndrFailed: 'We could not reach the courier. We have noted your answer and will pass it on.',
  ndrDateInvalid: `Choose a day within the next ${NDR_MAX_DAYS_AHEAD} days.`,
  ndrPhoneInvalid: 'Enter a valid 10-digit mobile number.',
  remittanceEmpty: 'The file has no remittance lines.',
  remittanceDuplicate: 'This file was uploaded before; nothing was counted twice.',
  remittanceUploaded: 'Remittance file read.',
} as const;

/** The message naming a column the remittance file lacks. */
export function remittanceColumnMissing(column: string): string {
  return `The file has no "${column}" column.`;
}

/** The message naming a line of the remittance file that cannot be read. */
export function remittanceLineInvalid(line: number, what: string): string {
  return `Line ${line}: ${what}.`;
}
