/**
 * GSTIN, the 15-character GST identification number (behaviour.md §10 Business buyers): a
 * business buyer's at checkout, and the seller's own in the API's config. Its layout: the GST
 * state code (2 digits), the holder's PAN (5 letters, 4 digits, 1 letter), the entity number for
 * that PAN in that state (1–9, then A–Z), "Z" by default, and a check character.
 */
import { z } from 'zod';
import { GSTIN_MESSAGES } from './gstin-messages';

export * from './gstin-messages';

/** The shape of a GSTIN, check character aside. */
export const GSTIN_PATTERN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN from its first 14 characters, by GSTN's published base-36
 * algorithm (a Luhn mod-N variant): each character's value (0–9, A=10 … Z=35) is multiplied by 1
 * and 2 alternately from the left; each product is folded into base 36 (quotient + remainder by
 * 36) and summed; the check value is (36 − sum mod 36) mod 36, written as its base-36 character.
 * `27AAPFU0939F1Z` → "V". Characters outside 0–9 and A–Z give undefined.
 */
export function gstinCheckCharacter(first14: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARACTERS.indexOf(first14.charAt(i));
    if (value < 0) return undefined;
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS[(36 - (sum % 36)) % 36];
}

/** Whether `gstin` (upper case, no spaces) has the GSTIN layout and its check character is right. */
export function isValidGstin(gstin: string): boolean {
  return GSTIN_PATTERN.test(gstin) && gstinCheckCharacter(gstin.slice(0, 14)) === gstin.charAt(14);
}

/**
 * `base` (a string schema, already normalised as it needs) refused unless it has the GSTIN layout
 * and its check character is right; only a GSTIN of the right layout is told its check character
 * is wrong. No transform, so it also describes an answer (the store settings).
 */
export function checkedGstin(base: z.ZodString) {
  return base
    .regex(GSTIN_PATTERN, GSTIN_MESSAGES.format)
    .refine((s) => !GSTIN_PATTERN.test(s) || isValidGstin(s), GSTIN_MESSAGES.checksum);
}

/** A GSTIN as typed: spaces dropped, upper-cased, then its layout and check character checked. */
export const gstinSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(checkedGstin(z.string()));

/** The legal or trade name of the business buyer, as registered with its GSTIN. */
export const businessNameSchema = z.string().trim().max(120, GSTIN_MESSAGES.businessNameTooLong);

/** The state code in a GSTIN and the ship-to state differ: the GSTIN of the delivery state is needed. */
export function gstinStateMismatch(gstinStateCode: string, placeOfSupply: { name: string; code: string }): string {
  return `This GSTIN is registered in state code ${gstinStateCode}, but the delivery address is in ${placeOfSupply.name} (${placeOfSupply.code}). Enter the GSTIN registered in ${placeOfSupply.name}.`;
}

/**
 * Checks a business buyer's details against the order's place of supply (the ship-to state's
 * GST code): GSTIN and business name come both or neither, and the GSTIN's state code must be
 * the place of supply. Returns the message to show, or null when they fit (or were not given).
 * The GSTIN is expected already checked by gstinSchema.
 */
export function businessBuyerProblem(
  buyer: { gstin?: string | null; businessName?: string | null },
  placeOfSupply: { name: string; code: string },
): string | null {
  const gstin = buyer.gstin?.trim() || null;
  const name = buyer.businessName?.trim() || null;
  if (!gstin && !name) return null;
  if (!gstin) return GSTIN_MESSAGES.gstinRequired;
  if (!name) return GSTIN_MESSAGES.businessNameRequired;
  const code = gstin.slice(0, 2);
  return code === placeOfSupply.code ? null : gstinStateMismatch(code, placeOfSupply);
}
