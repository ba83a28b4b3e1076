import 'server-only';
import { ALERTS_MESSAGES, unsubscribeStatusSchema, type UnsubscribeStatus } from '@vastra/contracts';
import { apiGet, checked } from './client';

/**
 * GET /alerts/unsubscribe?token: whose alert mails the link of a mail stops (the address,
 * masked) and whether it already has; it changes nothing, as mail scanners open links too
 * (docs/shopper-features.md "Alerts"). No session: the token is the proof. Never cached. Null
 * when the link is not valid (400) or the API could not say.
 */
export async function getUnsubscribeStatus(token: string): Promise<UnsubscribeStatus | null> {
  if (!token) return null;
  try {
    const data = await apiGet(`/alerts/unsubscribe?${new URLSearchParams({ token })}`, {
      revalidate: 0,
      fallbackMessage: ALERTS_MESSAGES.linkInvalid,
    });
    return checked(unsubscribeStatusSchema, data, 'alerts/unsubscribe');
  } catch {
    return null;
  }
}
