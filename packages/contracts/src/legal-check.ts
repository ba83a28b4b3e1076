/**
 * What the law asks a store to show before it sells (docs/compliance.md; docs/admin.md
 * "Dashboard"): the Consumer Protection (E-Commerce) Rules, 2020 and the DPDP Act's contacts,
 * each checked against the store settings in force. `GET /admin/api/compliance` answers it.
 */
import { z } from 'zod';

/** One requirement: met or not, and when not, what is missing (the owner fills it in Store settings). */
export const legalRequirementSchema = z.object({
  id: z.string(),
  /** What the law asks, e.g. "Customer care contact". */
  label: z.string(),
  /** The law that asks it. */
  law: z.string(),
  met: z.boolean(),
  /** What is missing or wrong; null when met. */
  missing: z.string().nullable(),
});
export type LegalRequirement = z.infer<typeof legalRequirementSchema>;

/** GET /admin/api/compliance: every requirement in a fixed order, and whether all are met. */
export const legalCheckSchema = z.object({
  allMet: z.boolean(),
  requirements: z.array(legalRequirementSchema),
});
export type LegalCheck = z.infer<typeof legalCheckSchema>;
