/**
 * The push notification API's paths and messages (docs/behaviour.md "Push notifications"), in a
 * file without zod so the storefront's account page ships no schema code.
 */

/** The routes of the push module, all for a logged-in shopper. */
export const PUSH_PATHS = {
  /** GET: whether push is on and the VAPID public key (`applicationServerKey`). */
  publicKey: '/push/public-key',
  /** GET: this shopper's subscriptions; POST: store or refresh this browser's subscription. */
  subscriptions: '/push/subscriptions',
  /** GET or DELETE one of the shopper's subscriptions (someone else's is not found). */
  subscription: (id: string) => `/push/subscriptions/${encodeURIComponent(id)}`,
  /** GET and PUT: which kinds of push the shopper wants. */
  preferences: '/push/preferences',
} as const;

/** The kinds of push a shopper can turn on and off. */
export const PUSH_KINDS = ['backInStock', 'priceDrop', 'orderUpdates'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_MESSAGES = {
  disabled: 'This store does not send push notifications.',
  endpointInvalid: 'This browser gave an address that is not a push service.',
  keysInvalid: "This browser's push keys are not valid.",
  subscribed: 'Notifications are on for this device.',
  notFound: 'That device is not signed up for notifications.',
  unsubscribed: 'Notifications are off for this device.',
  preferencesSaved: 'Your notification choices are saved.',
} as const;
