import { GENERIC_MESSAGES, type CartReminderSetting, type UnsubscribeStatus } from '@vastra/contracts';
import { mutate } from './mutate';

/**
 * The cart reminder calls of the browser (docs/behaviour.md "Cart reminders"): the account
 * page's setting (the session cookie), and the unsubscribe link's button, which needs no login:
 * its token is the proof (the page reads the link's status on the server,
 * lib/api/server/cart-reminders.ts). Each throws MutationError with the API's message, else the
 * generic text.
 */

/** PUT /cart-reminders {enabled}: turns the shopper's cart reminders on or off; answers the setting and its message. */
export async function saveCartReminders(
  apiUrl: string,
  enabled: boolean,
): Promise<{ setting: CartReminderSetting | undefined; message: string | undefined }> {
  const answer = await mutate<CartReminderSetting>(apiUrl, '/cart-reminders', {
    method: 'PUT',
    json: { enabled },
    fallback: GENERIC_MESSAGES.fallback,
  });
  return { setting: answer.data, message: answer.message };
}

/** POST /cart-reminders/unsubscribe?token: stops the cart reminders of the link's shopper. */
export async function unsubscribeCartReminders(apiUrl: string, token: string): Promise<UnsubscribeStatus | undefined> {
  const answer = await mutate<UnsubscribeStatus>(
    apiUrl,
    `/cart-reminders/unsubscribe?${new URLSearchParams({ token })}`,
    { fallback: GENERIC_MESSAGES.fallback },
  );
  return answer.data;
}
