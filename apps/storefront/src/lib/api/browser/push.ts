import {
  GENERIC_MESSAGES,
  PUSH_PATHS,
  type PushPreferences,
  type PushPublicKey,
  type PushSubscriptionInfo,
} from '@vastra/contracts';
import { mutate, read } from './mutate';

/**
 * The push notification calls of the browser (docs/behaviour.md "Push notifications"), all for a
 * logged-in shopper (the session cookie). Each throws MutationError with the API's message, else
 * the generic text.
 */

/** GET /push/public-key: whether the store sends push, and the key to subscribe with. */
export async function readPushKey(apiUrl: string): Promise<PushPublicKey> {
  const answer = await read<PushPublicKey>(apiUrl, PUSH_PATHS.publicKey, { fallback: GENERIC_MESSAGES.fallback });
  return answer.data ?? { enabled: false, publicKey: null };
}

/** POST /push/subscriptions: stores or refreshes this browser's subscription (its toJSON()); answers its id. */
export async function savePushSubscription(apiUrl: string, subscription: PushSubscriptionJSON): Promise<string> {
  const answer = await mutate<{ subscription: PushSubscriptionInfo }>(apiUrl, PUSH_PATHS.subscriptions, {
    json: subscription,
    fallback: GENERIC_MESSAGES.fallback,
  });
  if (!answer.data) throw new Error(GENERIC_MESSAGES.fallback);
  return answer.data.subscription.id;
}

/** DELETE /push/subscriptions/:id: no more push to this device. */
export async function deletePushSubscription(apiUrl: string, id: string): Promise<void> {
  await mutate(apiUrl, PUSH_PATHS.subscription(id), { method: 'DELETE', fallback: GENERIC_MESSAGES.fallback });
}

/** GET /push/preferences: the kinds of push the shopper wants. */
export async function readPushPreferences(apiUrl: string): Promise<PushPreferences | undefined> {
  return (await read<PushPreferences>(apiUrl, PUSH_PATHS.preferences, { fallback: GENERIC_MESSAGES.fallback })).data;
}

/** PUT /push/preferences: saves the kinds of push the shopper wants. */
export async function savePushPreferences(
  apiUrl: string,
  choice: PushPreferences,
): Promise<PushPreferences | undefined> {
  const answer = await mutate<PushPreferences>(apiUrl, PUSH_PATHS.preferences, {
    method: 'PUT',
    json: choice,
    fallback: GENERIC_MESSAGES.fallback,
  });
  return answer.data;
}
