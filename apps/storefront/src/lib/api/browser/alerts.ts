import { GENERIC_MESSAGES, type StockAlert, type StockAlertList, type UnsubscribeStatus } from '@vastra/contracts';
import { mutate, read } from './mutate';

/**
 * The alerts calls of the browser (docs/shopper-features.md "Alerts"): the shopper's "Notify me"
 * requests (the session cookie), and the unsubscribe link's button, which needs no login: its
 * token is the proof (the page reads the link's status on the server, lib/api/server/alerts.ts).
 * Each throws MutationError with the API's message, else the generic text: behaviour.md §8
 * names none of its own for these.
 */

/** GET /alerts/stock: the variant ids of the sizes the shopper asked about, not mailed yet. */
export async function readStockAlerts(apiUrl: string): Promise<string[]> {
  const answer = await read<StockAlertList>(apiUrl, '/alerts/stock', { fallback: GENERIC_MESSAGES.fallback });
  return (answer.data?.alerts ?? []).map((alert) => alert.variantId);
}

/** POST /alerts/stock {variantId}: "Notify me" for a sold-out size (asking twice keeps one request). */
export async function requestStockAlert(apiUrl: string, variantId: string): Promise<StockAlert | undefined> {
  const answer = await mutate<{ alert: StockAlert }>(apiUrl, '/alerts/stock', {
    json: { variantId },
    fallback: GENERIC_MESSAGES.fallback,
  });
  return answer.data?.alert;
}

/** POST /alerts/unsubscribe?token: stops the alert mails of the link's shopper. */
export async function unsubscribe(apiUrl: string, token: string): Promise<UnsubscribeStatus | undefined> {
  const answer = await mutate<UnsubscribeStatus>(apiUrl, `/alerts/unsubscribe?${new URLSearchParams({ token })}`, {
    fallback: GENERIC_MESSAGES.fallback,
  });
  return answer.data;
}
