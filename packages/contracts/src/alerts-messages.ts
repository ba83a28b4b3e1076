/**
 * Texts of the alerts (docs/shopper-features.md "Alerts"), in a file without zod so the product
 * page's "Notify me" buttons ship no schema code.
 */
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
