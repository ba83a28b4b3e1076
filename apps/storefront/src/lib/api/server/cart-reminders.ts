import 'server-only';
import { CART_REMINDERS_MESSAGES, unsubscribeStatusSchema, type UnsubscribeStatus } from '@vastra/contracts';
import { apiGet, checked } from './client';

/**
 * GET /cart-reminders/unsubscribe?token: whose cart reminders the link of a mail stops (the
 * address, masked) and whether it already has; it changes nothing, as mail scanners open links
 * too (docs/behaviour.md "Cart reminders"). No session: the token is the proof. Never cached.
 * Null when the link is not valid (400) or the API could not say.
 */
export async function getCartRemindersUnsubscribeStatus(token: string): Promise<UnsubscribeStatus | null> {
  if (!token) return null;
  try {
    const data = await apiGet(`/cart-reminders/unsubscribe?${new URLSearchParams({ token })}`, {
      revalidate: 0,
      fallbackMessage: CART_REMINDERS_MESSAGES.linkInvalid,
    });
    return checked(unsubscribeStatusSchema, data, 'cart-reminders/unsubscribe');
  } catch {
    return null;
  }
}
