/**
 * Grievances' constants without zod (behaviour.md "Grievances"): the storefront's grievance
 * form and status lookup import them without the schemas of grievances.ts.
 */

/** acknowledged (at once, when the number is issued) → in_progress → resolved | rejected. */
export const GRIEVANCE_STATUSES = ['acknowledged', 'in_progress', 'resolved', 'rejected'] as const;
export type GrievanceStatus = (typeof GRIEVANCE_STATUSES)[number];
/** Statuses still waiting for the store: counted against the resolve-by date. */
export const OPEN_GRIEVANCE_STATUSES = ['acknowledged', 'in_progress'] as const satisfies readonly GrievanceStatus[];

/** What a grievance is about (the form's subject). */
export const GRIEVANCE_CATEGORIES = [
  'order',
  'delivery',
  'payment',
  'refund_return',
  'product',
  'account_privacy',
  'other',
] as const;
export type GrievanceCategory = (typeof GRIEVANCE_CATEGORIES)[number];

/** Hours within which a grievance is acknowledged (Consumer Protection (E-Commerce) Rules, 2020: 48 hours). */
export const GRIEVANCE_ACKNOWLEDGE_HOURS = 48;
/** Calendar months within which a grievance is resolved (the same rules: one month). */
export const GRIEVANCE_RESOLVE_MONTHS = 1;

/** Longest texts of the form, in characters. */
export const GRIEVANCE_LIMITS = {
  name: 100,
  email: 254,
  orderNumber: 40,
  descriptionMin: 20,
  description: 2000,
  resolution: 2000,
} as const;

/** A grievance number as issued: GRV-<year>-<6 digits or more>, e.g. GRV-2026-000123. */
export const GRIEVANCE_NUMBER_PATTERN = /^GRV-\d{4}-\d{6,}$/;
