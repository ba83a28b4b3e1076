/**
 * Shapes of the alerts API (docs/shopper-features.md "Alerts"): "Notify me" for a sold-out size,
 * and the unsubscribe link of the alert mails.
 */
import { z } from 'zod';

export const ALERTS_MESSAGES = {
  variantRequired: 'Please choose a size.',
  variantNotFound: 'That size is not available.',
  inStock: 'This size is in stock: add it to your bag instead.',
  requested: "We'll mail you when it's back",
  alreadyRequested: "We'll mail you when it's back",
  cancelled: 'You will not be told about this size.',
  notRequested: 'You did not ask to be told about this size.',
  linkInvalid: 'This unsubscribe link is not valid. Use the link in the latest alert mail.',
  unsubscribed: 'You will get no more back-in-stock or price-drop mails.',
  notifyMe: 'Notify me',
  loginToNotify: 'Please login to be told when this size is back',
} as const;

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
