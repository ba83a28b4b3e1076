/**
 * Shapes of the courier updates (docs/behaviour.md "Courier updates: NDR and RTO", "COD
 * remittance"): the shopper's view of the courier's events and of a failed delivery attempt,
 * their answer to it, the admin's NDR list, remittance uploads and the reconciliation. Money in
 * rupees at this edge.
 */
import { z } from 'zod';
import { whatsappPhoneSchema } from './whatsapp';
import {
  COURIER_MESSAGES,
  NDR_MAX_NOTE_LENGTH,
  REMITTANCE_CSV_MAX_CHARS,
  DEFAULT_REMITTANCE_MISSING_DAYS,
} from './courier-messages';
import { ORDER_STATUSES } from './order-constants';

/** One courier event as the shopper and the admin see it. */
export const courierEventSchema = z.object({
  at: z.string(),
  /** Shiprocket's status (IN TRANSIT, UNDELIVERED…). */
  status: z.string(),
  activity: z.string().nullable(),
  location: z.string().nullable(),
  /** The order status the event moved the order to, or null. */
  orderStatus: z.enum(ORDER_STATUSES).nullable(),
});
export type CourierEvent = z.infer<typeof courierEventSchema>;

/** The shopper's answer to a failed attempt, as recorded. */
export const ndrAnswerSchema = z.object({
  preferredDate: z.string().nullable(),
  /** Only the last 4 digits of another number, for the shopper's eyes. */
  phoneEnding: z.string().nullable(),
  status: z.enum(['sent', 'failed']),
  at: z.string(),
});
export type NdrAnswer = z.infer<typeof ndrAnswerSchema>;

/** GET /orders/:id/delivery-updates: the courier's events, and the failed attempt the shopper may answer. */
export const deliveryUpdatesSchema = z.object({
  events: z.array(courierEventSchema),
  ndr: z
    .object({
      /** Whether the shopper may answer now (the order waits for a new attempt and this one has no answer yet). */
      open: z.boolean(),
      reason: z.string().nullable(),
      attemptedAt: z.string(),
      attempts: z.number().int(),
      /** The days the shopper may choose (YYYY-MM-DD, India time). */
      dates: z.array(z.string()),
      answer: ndrAnswerSchema.nullable(),
    })
    .nullable(),
});
export type DeliveryUpdates = z.infer<typeof deliveryUpdatesSchema>;

/** POST /orders/:id/ndr: a new attempt, optionally on a chosen day and/or at another phone number. */
export const ndrRequestBodySchema = z.object({
  preferredDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, COURIER_MESSAGES.ndrDateInvalid)
    .nullish(),
  phone: z
    .string()
    .nullish()
    .transform((v) => (v && v.trim() ? v : null))
    .pipe(z.union([z.null(), whatsappPhoneSchema])),
  note: z.string().trim().max(NDR_MAX_NOTE_LENGTH).nullish(),
});
export type NdrRequestBody = z.input<typeof ndrRequestBodySchema>;

/** One order of the admin's NDR list. */
export const adminNdrRowSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  awb: z.string().nullable(),
  courier: z.string().nullable(),
  paymentGateway: z.string(),
  reason: z.string().nullable(),
  attemptedAt: z.string().nullable(),
  attempts: z.number().int(),
  answer: z
    .object({
      preferredDate: z.string().nullable(),
      phone: z.string().nullable(),
      note: z.string().nullable(),
      status: z.enum(['sent', 'failed']),
      at: z.string(),
    })
    .nullable(),
});
export type AdminNdrRow = z.infer<typeof adminNdrRowSchema>;

/** POST /admin/api/cod-remittance/uploads: Shiprocket's COD remittance export as text. */
export const remittanceUploadBodySchema = z.object({
  fileName: z.string().trim().min(1).max(200),
  csv: z.string().min(1, COURIER_MESSAGES.remittanceEmpty).max(REMITTANCE_CSV_MAX_CHARS),
});

export const remittanceBatchSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  uploadedBy: z.string(),
  lineCount: z.number().int(),
  newLineCount: z.number().int(),
  remittedAmount: z.number(),
  createdAt: z.string(),
});
export type RemittanceBatch = z.infer<typeof remittanceBatchSchema>;

export const remittanceUploadResultSchema = z.object({
  batch: remittanceBatchSchema,
  /** True when this very file was uploaded before (nothing counted again). */
  duplicate: z.boolean(),
});

export const remittanceQuerySchema = z.object({
  missingAfterDays: z.coerce.number().int().min(1).max(90).default(DEFAULT_REMITTANCE_MISSING_DAYS),
});

/** One order or AWB in the reconciliation. Amounts in rupees. */
export const remittanceRowSchema = z.object({
  awb: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  /** What the courier collected (the order's amount to pay), null for an AWB we do not know. */
  expectedAmount: z.number().nullable(),
  remittedAmount: z.number(),
  /** remitted − expected (negative: short). */
  difference: z.number().nullable(),
  deliveredAt: z.string().nullable(),
  remittanceDate: z.string().nullable(),
  utr: z.string().nullable(),
});
export type RemittanceRow = z.infer<typeof remittanceRowSchema>;

const totalSchema = z.object({ count: z.number().int(), amount: z.number() });

/** GET /admin/api/cod-remittance: where the cash of delivered COD orders stands. */
export const remittanceReportSchema = z.object({
  missingAfterDays: z.number().int(),
  totals: z.object({
    owed: totalSchema,
    received: totalSchema,
    short: totalSchema,
    unknown: totalSchema,
    missing: totalSchema,
  }),
  owed: z.array(remittanceRowSchema),
  received: z.array(remittanceRowSchema),
  short: z.array(remittanceRowSchema),
  unknown: z.array(remittanceRowSchema),
  missing: z.array(remittanceRowSchema),
  batches: z.array(remittanceBatchSchema),
});
export type RemittanceReport = z.infer<typeof remittanceReportSchema>;
