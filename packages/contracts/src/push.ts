/**
 * Shapes of the push notification API (docs/behaviour.md "Push notifications"): the VAPID
 * public key, a browser's PushSubscription as `PushSubscription.toJSON()` gives it, and the
 * shopper's choices per kind.
 */
import { z } from 'zod';
import { PUSH_MESSAGES } from './push-messages';

/** base64url text (no padding), as browsers give push keys. */
const base64url = z.string().regex(/^[A-Za-z0-9_-]+$/, PUSH_MESSAGES.keysInvalid);

/** GET /push/public-key: null key when the store sends no push. */
export const pushPublicKeySchema = z.object({ enabled: z.boolean(), publicKey: z.string().nullable() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** POST /push/subscriptions: the browser's subscription (its toJSON()). */
export const pushSubscribeBodySchema = z.object({
  endpoint: z.url({ message: PUSH_MESSAGES.endpointInvalid }).max(2000, PUSH_MESSAGES.endpointInvalid),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: base64url.max(200, PUSH_MESSAGES.keysInvalid),
    auth: base64url.max(100, PUSH_MESSAGES.keysInvalid),
  }),
});
export type PushSubscribeBody = z.infer<typeof pushSubscribeBodySchema>;

/** One device signed up for push (times ISO 8601; label: its browser's user agent). */
export const pushSubscriptionSchema = z.object({
  id: z.string(),
  label: z.string().nullable(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushSubscriptionInfo = z.infer<typeof pushSubscriptionSchema>;

export const pushSubscriptionListSchema = z.object({ subscriptions: z.array(pushSubscriptionSchema) });

/** GET and PUT /push/preferences: the kinds of push the shopper wants, on every device. */
export const pushPreferencesSchema = z.object({
  backInStock: z.boolean(),
  priceDrop: z.boolean(),
  orderUpdates: z.boolean(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;

/**
 * What a push carries (the service worker shows it): short texts in the shopper's language, the
 * page a tap opens, a tag so a newer push of the same thing replaces the older, a picture.
 */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
  image: z.string().optional(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
