/**
 * The store's policy pages (behaviour.md "Policies and listing details"): returns, refunds and
 * exchanges; shipping; cancellation; terms; privacy. The owner writes each in Markdown in the
 * admin; the API answers it as HTML made from that Markdown with raw HTML left out.
 */
import { z } from 'zod';

/** The five pages, by the slug of their address `/policies/{slug}`, in the order the footer lists them. */
export const POLICY_SLUGS = ['returns-refunds-exchanges', 'shipping', 'cancellation', 'terms', 'privacy'] as const;
export const policySlugSchema = z.enum(POLICY_SLUGS);
export type PolicySlug = z.infer<typeof policySlugSchema>;

/** Longest policy text, in characters of Markdown. */
export const POLICY_BODY_MAX = 50_000;

export const POLICY_MESSAGES = {
  notFound: 'Policy not found',
} as const;

/** GET /policies/{slug}: a page as shoppers read it; `html` is the Markdown made safe (no raw HTML, no script links). */
export const publicPolicySchema = z.object({
  slug: policySlugSchema,
  title: z.string(),
  html: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type PublicPolicy = z.infer<typeof publicPolicySchema>;

/** A page as the admin reads it: the owner's Markdown too. */
export const adminPolicySchema = publicPolicySchema.extend({ id: policySlugSchema, body: z.string() });
export type AdminPolicy = z.infer<typeof adminPolicySchema>;

/** PUT /admin/api/policies/{slug}: the page's new title and Markdown text (its version goes up by one). */
export const policyBodySchema = z.object({
  title: z.string().trim().min(1).max(120),
  body: z.string().trim().min(1).max(POLICY_BODY_MAX),
});
export type PolicyBody = z.infer<typeof policyBodySchema>;

/** POST /admin/api/policies/preview: the Markdown as shoppers would see it, not saved. */
export const policyPreviewSchema = z.object({ html: z.string() });
