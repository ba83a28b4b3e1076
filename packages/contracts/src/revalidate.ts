/**
 * The API's call to the storefront after a catalogue change (docs/admin.md "Shoppers see
 * changes within seconds"): POST REVALIDATE_PATH with the JSON body `{ tags, at }` (at: ms since
 * the epoch), signed with HMAC-SHA256 of the raw body under the shared REVALIDATE_SECRET, hex,
 * in REVALIDATE_SIGNATURE_HEADER. The storefront refuses a bad signature, a call older than
 * REVALIDATE_MAX_AGE_MS, and tags it does not know.
 */
import { z } from 'zod';

export const REVALIDATE_PATH = '/api/revalidate';
export const REVALIDATE_SIGNATURE_HEADER = 'x-vastra-signature';
export const REVALIDATE_MAX_AGE_MS = 60_000;

/** The storefront's cache tags a change can name. */
export const REVALIDATE_TAGS = [
  'products',
  'categories',
  'collections',
  'homepage',
  'promotions',
  'store',
  'policies',
] as const;
export type RevalidateTag = (typeof REVALIDATE_TAGS)[number];

export const revalidateBodySchema = z.object({
  tags: z.array(z.enum(REVALIDATE_TAGS)).min(1).max(REVALIDATE_TAGS.length),
  at: z.number().int(),
});
