/**
 * Grievances (behaviour.md "Grievances"): a complaint lodged by anyone, answered at once with its
 * number and status `acknowledged`, resolved or rejected by the store within a month; what the
 * shopper, the guest looking one up and the admin see. Times are ISO 8601.
 */
import { z } from 'zod';
import {
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_LIMITS,
  GRIEVANCE_NUMBER_PATTERN,
  GRIEVANCE_STATUSES,
} from './grievance-constants';
import { SHOPPER_LOCALES } from './auth-constants';

export const GRIEVANCE_MESSAGES = {
  lodged: 'Your grievance is registered and acknowledged.',
  notFound: 'No grievance with this number and email address.',
  orderNotYours: 'None of your orders has this number.',
  orderEmailMismatch: 'We found no order with this number placed with this email address.',
  tooMany: 'Too many grievances from here. Please try again in an hour, or write to our grievance officer.',
  description: `Please describe the problem in at least ${GRIEVANCE_LIMITS.descriptionMin} characters.`,
  phone: 'Enter a phone number of 10 to 13 digits, e.g. +91 98450 12345.',
  resolutionRequired: 'Write the resolution the complainant will read.',
  alreadyClosed: 'This grievance is already closed.',
  alreadyInProgress: 'This grievance is already in progress.',
  updated: 'Grievance updated',
} as const;

export const grievanceLodgeBodySchema = z.object({
  name: z.string().trim().min(1).max(GRIEVANCE_LIMITS.name),
  email: z.email().trim().toLowerCase().max(GRIEVANCE_LIMITS.email),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{8,16}[0-9]$/, GRIEVANCE_MESSAGES.phone)
    .optional(),
  /** An order of the complainant: a signed-in shopper's own, or one placed with `email`. */
  orderNumber: z.string().trim().toUpperCase().min(1).max(GRIEVANCE_LIMITS.orderNumber).optional(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  description: z
    .string()
    .trim()
    .min(GRIEVANCE_LIMITS.descriptionMin, GRIEVANCE_MESSAGES.description)
    .max(GRIEVANCE_LIMITS.description),
  /** The page's language: the acknowledgement and resolution mails go in it. */
  locale: z.enum(SHOPPER_LOCALES).default('en'),
});
export type GrievanceLodgeBody = z.infer<typeof grievanceLodgeBodySchema>;

/** The lookup by number and email (anyone, signed in or not). */
export const grievanceLookupBodySchema = z.object({
  number: z.string().trim().toUpperCase().regex(GRIEVANCE_NUMBER_PATTERN, GRIEVANCE_MESSAGES.notFound),
  email: z.email().trim().toLowerCase().max(GRIEVANCE_LIMITS.email),
});
export type GrievanceLookupBody = z.infer<typeof grievanceLookupBodySchema>;

/** A grievance as its complainant sees it. */
export const grievanceSchema = z.object({
  number: z.string(),
  category: z.enum(GRIEVANCE_CATEGORIES),
  description: z.string(),
  orderNumber: z.string().nullable(),
  status: z.enum(GRIEVANCE_STATUSES),
  lodgedAt: z.string(),
  acknowledgedAt: z.string(),
  /** Lodged + 48 hours: the latest acknowledgement the rules allow (met at once). */
  acknowledgeBy: z.string(),
  /** Lodged + one calendar month (India time), clamped to the month's last day. */
  resolveBy: z.string(),
  /** What the store answered on resolving or rejecting; null while open. */
  resolution: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type Grievance = z.infer<typeof grievanceSchema>;

export const grievanceListSchema = z.object({ grievances: z.array(grievanceSchema) });

/** A grievance in the admin's queue and show page. */
export const adminGrievanceSchema = grievanceSchema.extend({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  orderId: z.string().nullable(),
  userId: z.string().nullable(),
  /** Whole days until resolveBy (negative past it); null once closed. */
  daysLeft: z.number().int().nullable(),
  overdue: z.boolean(),
  updatedAt: z.string(),
});
export type AdminGrievance = z.infer<typeof adminGrievanceSchema>;

/** The admin queue's filter: open (waiting for the store), overdue (open past resolve-by), all. */
export const GRIEVANCE_QUEUE_FILTERS = ['open', 'overdue', 'all'] as const;

/** The admin's status change: in progress, or closed with the text the complainant reads. */
export const grievanceStatusBodySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('in_progress') }),
  z.object({
    status: z.enum(['resolved', 'rejected']),
    resolution: z.string().trim().min(1, GRIEVANCE_MESSAGES.resolutionRequired).max(GRIEVANCE_LIMITS.resolution),
  }),
]);
export type GrievanceStatusBody = z.infer<typeof grievanceStatusBodySchema>;
