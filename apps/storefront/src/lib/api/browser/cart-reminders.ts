import { GENERIC_MESSAGES, type UnsubscribeStatus } from '@vastra/contracts';
import { mutate } from './mutate';

/**
 * The cart reminder call of the browser (docs/behaviour.md "Cart reminders"): the unsubscribe
 * link's button, which needs no login: its token is the proof (the page reads the link's status on the server,
 * lib/api/server/cart-reminders.ts). It throws MutationError with the API's message, else the
 * generic text.
 */

/** POST /cart-reminders/unsubscribe?token: stops the cart reminders of the link's shopper. */
export async function unsubscribeCartReminders(apiUrl: string, token: string): Promise<UnsubscribeStatus | undefined> {
  const answer = await mutate<UnsubscribeStatus>(
    apiUrl,
    `/cart-reminders/unsubscribe?${new URLSearchParams({ token })}`,
    { fallback: GENERIC_MESSAGES.fallback },
  );
  return answer.data;
}
