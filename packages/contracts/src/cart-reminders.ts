/**
 * Cart reminders (docs/behaviour.md "Cart reminders"): the shopper's setting, the unsubscribe
 * link's query and status, and the admin's figures.
 */
import { z } from 'zod';
import { CART_REMINDERS_MESSAGES } from './cart-reminders-messages';

/** GET and PUT /cart/reminders: whether the shopper gets cart reminders by email. */
export const cartReminderSettingSchema = z.object({
  enabled: z.boolean({ message: CART_REMINDERS_MESSAGES.enabledRequired }),
});
export type CartReminderSetting = z.infer<typeof cartReminderSettingSchema>;

/** GET and POST /cart/reminders/unsubscribe: the signed token of a reminder's link. */
export const cartReminderUnsubscribeQuerySchema = z.object({
  token: z
    .string({ message: CART_REMINDERS_MESSAGES.linkInvalid })
    .min(1, CART_REMINDERS_MESSAGES.linkInvalid)
    .max(2000),
});

/** GET /admin/api/stats/cart-reminders: the last `days` days' reminders and the orders after them. */
export const cartReminderStatsSchema = z.object({
  /** The window, in days, ending now. */
  days: z.number().int(),
  /** Reminder mails sent in the window (first and second). */
  sent: z.number().int(),
  /** Carts reminded in the window. */
  remindedCarts: z.number().int(),
  /** Of those carts, the ones whose shopper placed an order from them within `orderWithinDays` of a reminder. */
  ordered: z.number().int(),
  orderWithinDays: z.number().int(),
});
export type CartReminderStats = z.infer<typeof cartReminderStatsSchema>;
