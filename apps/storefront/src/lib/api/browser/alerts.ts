import type { StockAlert, StockAlertList, UnsubscribeStatus } from '@vastra/contracts';
import { storefrontApi, withMessage, type Answer } from './api';

/**
 * The alerts calls (docs/shopper-features.md "Alerts"): the shopper's "Notify me" requests (the
 * session cookie), and the unsubscribe link's, which needs no login: its token is the proof.
 */
export const alertsApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /alerts/stock: the sizes the shopper asked about, not mailed yet. */
    stockAlerts: build.query<string[], void>({
      query: () => ({ path: '/alerts/stock' }),
      transformResponse: (data: StockAlertList | undefined) => (data?.alerts ?? []).map((a) => a.variantId),
    }),
    /** POST /alerts/stock: "Notify me" for a sold-out size (asking twice keeps one request). */
    requestStockAlert: build.mutation<Answer<{ alert: StockAlert }>, string>({
      query: (variantId) => ({ path: '/alerts/stock', method: 'POST', json: { variantId } }),
      transformResponse: withMessage<{ alert: StockAlert }>,
    }),
    /** GET /alerts/unsubscribe?token: whose mails the link stops; changes nothing. */
    unsubscribeStatus: build.query<UnsubscribeStatus | undefined, string>({
      query: (token) => ({ path: `/alerts/unsubscribe?${new URLSearchParams({ token })}` }),
    }),
    /** POST /alerts/unsubscribe?token: stops the alert mails. */
    unsubscribe: build.mutation<Answer<UnsubscribeStatus>, string>({
      query: (token) => ({ path: `/alerts/unsubscribe?${new URLSearchParams({ token })}`, method: 'POST' }),
      transformResponse: withMessage<UnsubscribeStatus>,
    }),
  }),
});

export const { useStockAlertsQuery, useRequestStockAlertMutation, useUnsubscribeStatusQuery, useUnsubscribeMutation } =
  alertsApi;
