import {
  EXCHANGE_MESSAGES,
  ORDER_MESSAGES,
  type ExchangeRequest,
  type Order,
  type RefundDestination,
  type ReturnRequest,
} from '@vastra/contracts';
import type { Download } from './client';
import { MutationError, mutate } from './mutate';
import { download, upload } from './transfer';

/**
 * The shopper's changes to an order after the purchase (behaviour.md §10), from the browser
 * with the session cookie: cancel, remove, the invoice PDF and a return. What the order pages
 * show is read on the server (lib/api/server/shopper.ts); after a change the caller renders
 * them again (router.refresh(), or a navigation). Each throws MutationError with the API's
 * message (e.g. 409 'This order has shipped and can no longer be cancelled. You can return it
 * once it is delivered.'), else the call's behaviour.md §8 text. Money in rupees.
 */

const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;

/** POST /orders/{id}/cancel {reason}: the cancelled order and the message to toast ('Order cancelled'); else 'Failed to cancel order'. */
export async function cancelOrder(
  apiUrl: string,
  orderId: string,
  reason: string,
  refundTo?: RefundDestination,
): Promise<{ order: Order; message: string }> {
  const answer = await mutate<{ order: Order }>(apiUrl, `${orderPath(orderId)}/cancel`, {
    json: refundTo ? { reason, refundTo } : { reason },
    fallback: ORDER_MESSAGES.cancel,
  });
  if (!answer.data?.order) throw new MutationError(ORDER_MESSAGES.invalidResponse, 200);
  return { order: answer.data.order, message: answer.message ?? ORDER_MESSAGES.cancelled };
}

/** DELETE /orders/{id}: a never-paid or cancelled order leaves the list; the message to toast ('Order removed from your list'); else 'Failed to delete order'. */
export async function removeOrder(apiUrl: string, orderId: string): Promise<string> {
  const answer = await mutate(apiUrl, orderPath(orderId), { method: 'DELETE', fallback: ORDER_MESSAGES.delete });
  return answer.message ?? ORDER_MESSAGES.deleted;
}

/** GET /orders/{id}/invoice: the GST invoice PDF (offered as invoice-{id}.pdf); else 'Failed to generate invoice'. */
export function getInvoice(apiUrl: string, orderId: string): Promise<Download> {
  return download(apiUrl, `${orderPath(orderId)}/invoice`, { fallback: ORDER_MESSAGES.invoice });
}

/**
 * POST /orders/{id}/return (every returnable piece) or /orders/{id}/partial-return (`items` field
 * as JSON), multipart with the reason, the comment and the photos or videos under `files`;
 * `onProgress` follows the upload (0 to 1). Resolves to the message to toast ('Return
 * requested'); else 'Failed to request return' or 'Failed to request partial return'.
 */
export async function sendReturn(
  apiUrl: string,
  orderId: string,
  kind: 'full' | 'partial',
  form: FormData,
  onProgress: (share: number) => void,
): Promise<string> {
  const answer = await upload<{ order?: Order; returnRequest?: ReturnRequest }>(
    apiUrl,
    `${orderPath(orderId)}/${kind === 'full' ? 'return' : 'partial-return'}`,
    form,
    {
      fallback: kind === 'full' ? ORDER_MESSAGES.requestReturn : ORDER_MESSAGES.requestPartialReturn,
      onProgress,
    },
  );
  return answer.message ?? ORDER_MESSAGES.returnRequested;
}

/**
 * POST /orders/{id}/exchange, multipart with `orderItemId`, `variantId`, `reason`, `comment` and
 * photos under `files` (behaviour.md "Exchanges"); `onProgress` follows the upload (0 to 1).
 * Resolves to the message to toast ('Exchange requested'); a refusal throws MutationError with
 * the API's message, else 'Failed to request exchange' (e.g. 409 'This size is out of stock, so it cannot be exchanged. You can
 * return the piece for a refund instead.').
 */
export async function sendExchange(
  apiUrl: string,
  orderId: string,
  form: FormData,
  onProgress: (share: number) => void,
): Promise<string> {
  const answer = await upload<{ exchange?: ExchangeRequest }>(apiUrl, `${orderPath(orderId)}/exchange`, form, {
    fallback: EXCHANGE_MESSAGES.failed,
    onProgress,
  });
  return answer.message ?? EXCHANGE_MESSAGES.requested;
}
