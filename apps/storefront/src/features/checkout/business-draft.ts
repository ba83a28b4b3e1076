/**
 * The business buyer's two fields at checkout as typed (behaviour.md §10 Business buyers), with
 * no schema, so the checkout's first render loads no zod; their checks are business-buyer.ts's.
 */

/** The two fields as typed. */
export type BusinessDraft = { gstin: string; businessName: string };
export type BusinessField = keyof BusinessDraft;

export const EMPTY_BUSINESS: BusinessDraft = { gstin: '', businessName: '' };
