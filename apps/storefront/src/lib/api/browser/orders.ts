import type { Order, ReturnRequest, Tracking } from '@vastra/contracts';
import type { ApiAnswer, BrowserApi, Download } from './client';

/**
 * The calls after the purchase (behaviour.md §7 Orders), one function per call, through the browser client
 * (the session cookie). Money in rupees. Failures throw an ApiError with the server's message
 * (e.g. 409 'This order has shipped and can no longer be cancelled. You can return it once it
 * is delivered.'); the orders slice puts in the behaviour.md §8 fallbacks ('Failed to fetch orders', …).
 */

/** One page of the shopper's orders, newest first, with paging. */
export type OrderPage = {
  orders: Order[];
  meta: { currentPage: number; totalPages: number; limit: number; total: number };
};

/** GET /orders/my-orders?page&limit: the caller's orders (removed ones are left out). */
export function getMyOrders(api: BrowserApi, page: number, limit: number): Promise<ApiAnswer<OrderPage>> {
  return api.request(`/orders/my-orders?${new URLSearchParams({ page: String(page), limit: String(limit) })}`);
}

/** GET /orders/{id}: one of the caller's orders (404 for anyone else's). */
export function getOrder(api: BrowserApi, orderId: string): Promise<ApiAnswer<{ order: Order }>> {
  return api.request(`/orders/${encodeURIComponent(orderId)}`);
}

/** POST /orders/{id}/cancel {reason}: cancels an order that has not shipped (stock and money go back). */
export function postCancelOrder(
  api: BrowserApi,
  orderId: string,
  reason: string,
): Promise<ApiAnswer<{ order: Order }>> {
  return api.request(`/orders/${encodeURIComponent(orderId)}/cancel`, { method: 'POST', json: { reason } });
}

/** DELETE /orders/{id}: removes a never-paid or cancelled order from the list (it stays readable by id). */
export function deleteOrder(api: BrowserApi, orderId: string): Promise<ApiAnswer<unknown>> {
  return api.request(`/orders/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
}

/** GET /api/shipping/track/{orderId}: where the shipment is, from the courier or the order's own timeline. */
export function getTracking(api: BrowserApi, orderId: string): Promise<ApiAnswer<Tracking>> {
  return api.request(`/api/shipping/track/${encodeURIComponent(orderId)}`);
}

/** GET /orders/{id}/invoice: the GST invoice PDF (offered as invoice-{id}.pdf). */
export function getInvoice(api: BrowserApi, orderId: string): Promise<Download> {
  return api.download(`/orders/${encodeURIComponent(orderId)}/invoice`);
}

/** GET /orders/returns/all?page&limit: every return request of the caller, newest first, with its items. */
export function getMyReturns(
  api: BrowserApi,
  page: number,
  limit: number,
): Promise<ApiAnswer<{ returns: ReturnRequest[] }>> {
  return api.request(`/orders/returns/all?${new URLSearchParams({ page: String(page), limit: String(limit) })}`);
}

/**
 * POST /orders/{id}/return (every returnable piece) or /orders/{id}/partial-return (`items` field
 * as JSON), multipart with the reason, the comment and the photos or videos under `files`.
 * `onProgress` follows the upload (0 to 1).
 */
export function postReturn(
  api: BrowserApi,
  orderId: string,
  kind: 'full' | 'partial',
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<ApiAnswer<{ order?: Order; returnRequest?: ReturnRequest }>> {
  const suffix = kind === 'full' ? 'return' : 'partial-return';
  return api.upload(`/orders/${encodeURIComponent(orderId)}/${suffix}`, form, onProgress);
}
