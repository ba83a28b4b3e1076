/**
 * Data rights (docs/behaviour.md "Data rights: export, erasure, retention"): the summary of what
 * the store keeps about a shopper, the export's format and the erasure request.
 */
import { z } from 'zod';
import { ERASURE_ACTIONS, PERSONAL_DATA_KINDS } from './privacy-constants';

export * from './privacy-constants';

/** One line of the summary: how many records of a kind the store holds and what erasure does to them. */
export const personalDataLineSchema = z.object({
  kind: z.enum(PERSONAL_DATA_KINDS),
  count: z.number().int(),
  onErasure: z.enum(ERASURE_ACTIONS),
});

/** GET /account/data. */
export const personalDataSummarySchema = z.object({
  lines: z.array(personalDataLineSchema),
  /** Store credit balance in rupees. */
  storeCreditBalance: z.number(),
  /** Years without a login or order after which the account is erased (store settings). */
  inactiveAccountErasureYears: z.number().int(),
  /** Years orders and invoices are kept after the annual return of their year is due. */
  taxRecordYears: z.number().int(),
  /**
   * What closing the account asks for: the password; else a code, mailed (`code`) or, for an
   * account without an email, texted to its verified mobile number (`sms_code`).
   */
  reauth: z.enum(['password', 'code', 'sms_code']),
});
export type PersonalDataSummary = z.infer<typeof personalDataSummarySchema>;

export const dataExportQuerySchema = z.object({ format: z.enum(['json', 'html']).default('json') });

/** POST /account/erase. */
export const eraseAccountBodySchema = z
  .object({
    password: z.string().max(200).optional(),
    code: z
      .string()
      .regex(/^\d{6}$/)
      .optional(),
    /** The shopper gives up a positive store credit balance. */
    forfeitStoreCredit: z.boolean().default(false),
  })
  .strict();
export type EraseAccountBody = z.infer<typeof eraseAccountBodySchema>;
