/**
 * Shapes of the WhatsApp updates API (docs/behaviour.md "WhatsApp updates", "COD
 * confirmation"): the shopper's opt-in and the confirmation of a held cash on delivery order.
 */
import { z } from 'zod';
import { WHATSAPP_MESSAGES } from './whatsapp-messages';

/** A 10-digit Indian mobile number, as the shopper types it (spaces, +91 or a leading 0 allowed). */
export const whatsappPhoneSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s-]/g, '').replace(/^(\+91|91(?=\d{10}$)|0(?=\d{10}$))/, ''))
  .pipe(z.string().regex(/^[6-9]\d{9}$/, WHATSAPP_MESSAGES.phoneInvalid));

/** GET /whatsapp/opt-in: whether the shopper gets order updates on WhatsApp, and on which number (10 digits). */
export const whatsappOptInSchema = z.object({ optedIn: z.boolean(), phone: z.string().nullable() });
export type WhatsappOptIn = z.infer<typeof whatsappOptInSchema>;

/** PUT /whatsapp/opt-in: opting in needs the number (else the account's); opting out needs nothing. */
export const whatsappOptInBodySchema = z.object({
  optedIn: z.boolean(),
  phone: whatsappPhoneSchema.optional(),
});
export type WhatsappOptInBody = z.input<typeof whatsappOptInBodySchema>;

/** POST /orders/cod-confirmation: the token of the link the shopper was sent. */
export const codConfirmBodySchema = z.object({ token: z.string().min(1).max(2000) });

/** Its answer: the order confirmed (or already confirmed). */
export const codConfirmResultSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.string(),
  alreadyConfirmed: z.boolean(),
});
export type CodConfirmResult = z.infer<typeof codConfirmResultSchema>;
