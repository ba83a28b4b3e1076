/**
 * Shapes of the alerts API (docs/shopper-features.md "Alerts"): "Notify me" for a sold-out size,
 * and the unsubscribe link of the alert mails.
 */
import { z } from 'zod';
import { ALERTS_MESSAGES } from './alerts-messages';

/** POST /alerts/stock. */
export const stockAlertBodySchema = z.object({
  variantId: z.uuid({ message: ALERTS_MESSAGES.variantRequired }),
});
export type StockAlertBody = z.infer<typeof stockAlertBodySchema>;

/** One open "Notify me" request (createdAt ISO 8601). */
export const stockAlertSchema = z.object({
  productId: z.string(),
  variantId: z.string(),
  createdAt: z.string(),
});
export type StockAlert = z.infer<typeof stockAlertSchema>;

/** GET /alerts/stock: the shopper's requests not mailed about yet. */
export const stockAlertListSchema = z.object({ alerts: z.array(stockAlertSchema) });
export type StockAlertList = z.infer<typeof stockAlertListSchema>;

/** `?token=` of GET and POST /alerts/unsubscribe (the signed link of an alert mail). */
export const unsubscribeQuerySchema = z.object({
  token: z.string({ message: ALERTS_MESSAGES.linkInvalid }).min(1, ALERTS_MESSAGES.linkInvalid).max(2000),
});

/** What an unsubscribe link is for: the address it stops mails to (masked) and whether it already has. */
export const unsubscribeStatusSchema = z.object({
  email: z.string(),
  unsubscribed: z.boolean(),
});
export type UnsubscribeStatus = z.infer<typeof unsubscribeStatusSchema>;
