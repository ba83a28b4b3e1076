/**
 * The WhatsApp updates API's paths and messages (docs/behaviour.md "WhatsApp updates" and "COD
 * confirmation"), in a file without zod so the storefront's pages ship no schema code.
 */

export const WHATSAPP_PATHS = {
  /** GET and PUT: the signed-in shopper's choice of order updates on WhatsApp, and the number. */
  optIn: '/whatsapp/opt-in',
  /** POST { token }: confirms a held cash on delivery order from its signed link (no login). */
  codConfirm: '/orders/cod-confirmation',
  /** GET (the verification handshake) and POST (message statuses, replies): Meta's webhook. */
  webhook: '/webhooks/whatsapp',
} as const;

/** The storefront page a confirmation link opens (`?token=`), in the shopper's language. */
export const COD_CONFIRM_PAGE = '/orders/confirm';

export const WHATSAPP_MESSAGES = {
  optedIn: 'You will get order updates on WhatsApp.',
  optedOut: 'You will no longer get order updates on WhatsApp.',
  phoneRequired: 'Enter the mobile number that has WhatsApp.',
  phoneInvalid: 'Enter a valid 10-digit mobile number.',
  codConfirmed: 'Thank you! Your cash on delivery order is confirmed.',
  codAlreadyConfirmed: 'This order is already confirmed.',
  codLinkInvalid: 'This confirmation link is not valid. Open the latest one we sent you.',
  codExpired: 'This order was cancelled because it was not confirmed in time.',
  signatureInvalid: 'The webhook signature is not valid.',
  verifyTokenInvalid: 'The verify token does not match.',
} as const;
