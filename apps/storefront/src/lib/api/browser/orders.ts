import type { Order, ReturnRequest, Tracking } from '@vastra/contracts';
import { storefrontApi, withMessage, type Answer } from './api';
import type { ApiAnswer, BrowserApi, Download } from './client';

/**
 * The calls after the purchase (behaviour.md §7 Orders) through the session cookie. Money in
 * rupees. Reads and changes are RTK Query endpoints; a failure is an ApiFailure with the
 * server's message (e.g. 409 'This order has shipped and can no longer be cancelled. You can
 * return it once it is delivered.'), and the orders slice puts in the behaviour.md §8 fallbacks
 * ('Failed to fetch orders', …). The invoice download and the return upload go through the
 * client itself: a PDF and an upload's progress are not data for the cache.
 */

/** One page of the shopper's orders, newest first, with paging. */
export type OrderPage = {
  orders: Order[];
  meta: { currentPage: number; totalPages: number; limit: number; total: number };
};

const paging = (page: number, limit: number) => new URLSearchParams({ page: String(page), limit: String(limit) });

export const ordersApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /orders/my-orders?page&limit: the caller's orders (removed ones are left out). */
    myOrders: build.query<Answer<OrderPage>, { page: number; limit: number }>({
      query: ({ page, limit }) => ({ path: `/orders/my-orders?${paging(page, limit)}` }),
      transformResponse: withMessage<OrderPage>,
      providesTags: ['Orders'],
    }),
    /** GET /orders/{id}: one of the caller's orders (404 for anyone else's). */
    order: build.query<Answer<{ order: Order }>, string>({
      query: (orderId) => ({ path: `/orders/${encodeURIComponent(orderId)}` }),
      transformResponse: withMessage<{ order: Order }>,
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /** POST /orders/{id}/cancel {reason}: cancels an order that has not shipped (stock and money go back). */
    cancelOrder: build.mutation<Answer<{ order: Order }>, { orderId: string; reason: string }>({
      query: ({ orderId, reason }) => ({
        path: `/orders/${encodeURIComponent(orderId)}/cancel`,
        method: 'POST',
        json: { reason },
      }),
      transformResponse: withMessage<{ order: Order }>,
      invalidatesTags: (_result, _error, { orderId }) => ['Orders', { type: 'Order', id: orderId }],
    }),
    /** DELETE /orders/{id}: removes a never-paid or cancelled order from the list (it stays readable by id). */
    removeOrder: build.mutation<Answer<unknown>, string>({
      query: (orderId) => ({ path: `/orders/${encodeURIComponent(orderId)}`, method: 'DELETE' }),
      transformResponse: withMessage<unknown>,
      invalidatesTags: ['Orders'],
    }),
    /** GET /api/shipping/track/{orderId}: where the shipment is, from the courier or the order's own timeline. */
    tracking: build.query<Answer<Tracking>, string>({
      query: (orderId) => ({ path: `/api/shipping/track/${encodeURIComponent(orderId)}` }),
      transformResponse: withMessage<Tracking>,
    }),
    /** GET /orders/returns/all?page&limit: every return request of the caller, newest first, with its items. */
    myReturns: build.query<Answer<{ returns: ReturnRequest[] }>, { page: number; limit: number }>({
      query: ({ page, limit }) => ({ path: `/orders/returns/all?${paging(page, limit)}` }),
      transformResponse: withMessage<{ returns: ReturnRequest[] }>,
      providesTags: ['Returns'],
    }),
  }),
});

/** GET /orders/{id}/invoice: the GST invoice PDF (offered as invoice-{id}.pdf). */
export function getInvoice(api: BrowserApi, orderId: string): Promise<Download> {
  return api.download(`/orders/${encodeURIComponent(orderId)}/invoice`);
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
