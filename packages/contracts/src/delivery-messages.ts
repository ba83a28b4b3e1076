/**
 * Texts of the delivery check (docs/shopper-features.md "Delivery by pincode"), in a file of
 * their own so the product page's "Check delivery" ships neither zod nor every message.
 */
export const DELIVERY_MESSAGES = {
  /** Also the address form's pincode message (VALIDATION_MESSAGES.postalCode). */
  pincode: 'Please enter a 6-digit pincode.',
} as const;
