/**
 * Texts of the cart reminders (docs/behaviour.md "Cart reminders"), in a file without zod so the
 * account page's setting ships no schema code.
 */
export const CART_REMINDERS_MESSAGES = {
  linkInvalid: 'This unsubscribe link is not valid. Use the link in the latest cart reminder.',
  unsubscribed: 'You will get no more cart reminders.',
  enabled: 'You will get cart reminders by email.',
  disabled: 'You will get no cart reminders.',
  enabledRequired: 'Say whether you want cart reminders.',
} as const;
