/**
 * A product's legal details (behaviour.md "Policies and listing details"): what the Legal
 * Metrology (Packaged Commodities) Rules want a listing to show. Null: not stated.
 */
import { z } from 'zod';

export const PRODUCT_LEGAL_FIELDS = ['countryOfOrigin', 'manufacturer', 'importer', 'netQuantity'] as const;

/** The details as the product API answers them. */
export const productLegalSchema = z.object({
  /** Country where the goods were made, e.g. "India". */
  countryOfOrigin: z.string().nullable(),
  /** Manufacturer's or packer's name and address. */
  manufacturer: z.string().nullable(),
  /** Importer's name and address (imported goods only). */
  importer: z.string().nullable(),
  /** Net quantity in number, e.g. "1 N" (one piece) or "2 N" (a pair). */
  netQuantity: z.string().nullable(),
});
export type ProductLegal = z.infer<typeof productLegalSchema>;

const legalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => v || null);

/** The same details as the admin's product editor sends them (empty text: not stated). */
export const productLegalInputFields = {
  countryOfOrigin: legalText(60),
  manufacturer: legalText(500),
  importer: legalText(500),
  netQuantity: legalText(40),
};
