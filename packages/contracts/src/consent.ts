/**
 * Shapes of consent, the nominee and the breach register (docs/behaviour.md "Consent and the
 * privacy notice", docs/admin.md "Data breaches").
 */
import { z } from 'zod';
import {
  CONSENT_ACTIONS,
  CONSENT_CHANNELS,
  CONSENT_MESSAGES as M,
  CONSENT_PURPOSES,
  OPTIONAL_CONSENT_PURPOSES,
} from './consent-constants';

/** One consent record (append-only): a purpose given or withdrawn, under a notice version. */
export const consentRecordSchema = z.object({
  purpose: z.enum(CONSENT_PURPOSES),
  action: z.enum(CONSENT_ACTIONS),
  noticeVersion: z.string(),
  channel: z.enum(CONSENT_CHANNELS),
  at: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** GET /account/consents: each purpose's current state (its latest record) and the whole history, newest first. */
export const consentsSchema = z.object({
  current: z.array(consentRecordSchema.extend({ given: z.boolean() })),
  history: z.array(consentRecordSchema),
});
export type Consents = z.infer<typeof consentsSchema>;

/** POST /account/consents/:purpose: one of the optional purposes. */
export const consentPurposeParamsSchema = z.object({
  purpose: z.enum(OPTIONAL_CONSENT_PURPOSES, { message: M.purposeInvalid }),
});

/** POST /account/consents/:purpose body: give (true) or withdraw (false). */
export const consentChangeBodySchema = z.object({ given: z.boolean({ message: M.givenRequired }) });

/** The nominee a shopper names (DPDP Act s. 14): name, relationship, and an email or a mobile number. */
export const nomineeBodySchema = z
  .object({
    name: z.string({ message: M.nomineeNameRequired }).trim().min(1, M.nomineeNameRequired).max(100),
    relationship: z
      .string({ message: M.nomineeRelationshipRequired })
      .trim()
      .min(1, M.nomineeRelationshipRequired)
      .max(60),
    email: z
      .string()
      .trim()
      .max(254)
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.email(M.nomineeEmailInvalid).optional()),
    phone: z
      .string()
      .trim()
      .optional()
      .transform((v) => v?.replace(/[\s-]/g, '').replace(/^(\+91|0(?=\d{10}$))/, '') || undefined)
      .pipe(
        z
          .string()
          .regex(/^[6-9]\d{9}$/, M.nomineePhoneInvalid)
          .optional(),
      ),
  })
  .refine((n) => n.email || n.phone, { message: M.nomineeContactRequired, path: ['email'] });
export type NomineeBody = z.input<typeof nomineeBodySchema>;

export const nomineeSchema = z.object({
  name: z.string(),
  relationship: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  updatedAt: z.string(),
});
export type Nominee = z.infer<typeof nomineeSchema>;

const isoDate = z.iso.datetime({ offset: true });

/** A breach register entry as the owner writes it (POST, PUT /admin/api/data-breaches). */
export const dataBreachBodySchema = z.object({
  discoveredAt: isoDate,
  description: z.string().trim().min(1).max(5000),
  dataCategories: z.string().trim().min(1).max(1000),
  approxAffected: z.number().int().min(0).max(1_000_000_000),
  measuresTaken: z.string().trim().max(5000).default(''),
  reportedToBoardAt: isoDate.nullable().default(null),
  peopleInformedAt: isoDate.nullable().default(null),
});
export type DataBreachBody = z.input<typeof dataBreachBodySchema>;

export const dataBreachSchema = z.object({
  id: z.string(),
  discoveredAt: z.string(),
  description: z.string(),
  dataCategories: z.string(),
  approxAffected: z.number().int(),
  measuresTaken: z.string(),
  reportedToBoardAt: z.string().nullable(),
  peopleInformedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataBreach = z.infer<typeof dataBreachSchema>;
