import {
  ADDRESS_MESSAGES,
  GENERIC_MESSAGES,
  ORDER_MESSAGES,
  TAX_MESSAGES,
  type AddressBookEntry,
  type CheckoutOptions,
  type CheckoutQuote,
  type CheckoutQuoteBody,
  type CreateOrderBody,
  type GstState,
  type Order,
  type PaymentStatusResult,
  type PincodeInfo,
} from '@vastra/contracts';
import { checked } from '../checked';
import { failureMessage, storefrontApi, type AnswerMeta, type ApiFailure } from './api';

/**
 * The checkout's endpoints (behaviour.md §7 Orders, Coupons and taxes, and the address book).
 * Money in rupees. Failures are ApiFailures whose message is the server's, else the fallback
 * of the call (behaviour.md §8); a 404 on an order keeps its status, so the page can say the order
 * is not there (someone else's id answers 404).
 */

/** A failure with its behaviour.md §8 fallback put in when the server gave no message. */
const withFallback =
  (fallback: string) =>
  (failure: ApiFailure): ApiFailure => ({ ...failure, message: failureMessage(failure, fallback) });

/**
 * withFallback that also puts the call's own text in when the API could not be reached or did
 * not answer in time (behaviour.md §8: the connection texts are the account calls').
 */
const withOwnText =
  (text: string) =>
  (failure: ApiFailure): ApiFailure => ({
    ...failure,
    message: failure.status === 0 ? text : failureMessage(failure, text),
  });

export const checkoutApi = storefrontApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /orders/checkout-options: the payment methods on offer, the cash on delivery limit, how GST is shown. */
    checkoutOptions: build.query<CheckoutOptions, void>({
      query: () => ({ path: '/orders/checkout-options' }),
      transformResponse: (data: CheckoutOptions | undefined) => {
        if (!data?.paymentMethods) throw new Error(ORDER_MESSAGES.invalidResponse);
        return data;
      },
      transformErrorResponse: withFallback(GENERIC_MESSAGES.fallback),
    }),
    /** GET /addresses: the logged-in shopper's address book, the default first. */
    addressBook: build.query<AddressBookEntry[], void>({
      query: () => ({ path: '/addresses' }),
      transformResponse: (data: { addresses?: AddressBookEntry[] } | undefined) => data?.addresses ?? [],
      transformErrorResponse: withFallback(GENERIC_MESSAGES.fallback),
      providesTags: ['Addresses'],
    }),
    /** GET /addresses/states: the states and union territories of India with their GST codes. */
    gstStates: build.query<GstState[], void>({
      query: () => ({ path: '/addresses/states' }),
      transformResponse: (data: { states?: GstState[] } | undefined) => data?.states ?? [],
      transformErrorResponse: withFallback(GENERIC_MESSAGES.fallback),
    }),
    /**
     * GET /addresses/pincode/{pincode}: the district and state of an India Post pincode, or null
     * when the directory knows nothing of it (404 or 400: 'We could not find this pincode.
     * Please check it.' is then the form's to say).
     */
    pincode: build.query<PincodeInfo | null, string>({
      async queryFn(pincode, _api, _extra, baseQuery) {
        const answer = await baseQuery({ path: `/addresses/pincode/${encodeURIComponent(pincode)}` });
        if (answer.error) {
          if (answer.error.status === 404 || answer.error.status === 400) return { data: null };
          return { error: withFallback(ADDRESS_MESSAGES.pincodeUnknown)(answer.error) };
        }
        const info = answer.data as PincodeInfo | undefined;
        return { data: info?.stateCode ? info : null };
      },
    }),
    /**
     * POST /checkout/quote: the whole quote of the cart's lines, the coupon, the gift card and the
     * ship-to state or pincode, in one call (docs/behaviour.md §4 Pricing). A refused code is
     * left out of the quote and named in `messages` with the reason to show under its field.
     */
    checkoutQuote: build.query<CheckoutQuote, CheckoutQuoteBody>({
      query: (body) => ({ path: '/checkout/quote', method: 'POST', json: body }),
      // The schema is loaded with the first quote: the store, on every page, stays without zod.
      transformResponse: async (data: unknown) =>
        checked((await import('./quote-contract')).checkoutQuoteSchema, data, 'checkout/quote'),
      transformErrorResponse: withFallback(TAX_MESSAGES.calculate),
      providesTags: ['Quote'],
    }),
    /**
     * POST /orders from the caller's cart. The `Idempotency-Key` makes a retry of the same attempt
     * answer the order the first one created, never a second order. The cart now belongs to the
     * order, and the orders list has one more.
     */
    placeOrder: build.mutation<
      { order: Order | undefined; message: string | undefined },
      { body: CreateOrderBody; idempotencyKey: string }
    >({
      query: ({ body, idempotencyKey }) => ({
        path: '/orders',
        method: 'POST',
        json: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      transformResponse: (data: { order?: Order } | undefined, meta: AnswerMeta | undefined) => ({
        order: data?.order,
        message: meta?.message,
      }),
      invalidatesTags: (result) => (result?.order ? ['Cart', 'Quote', 'Orders', 'Addresses'] : []),
    }),
    /** GET /orders/getOrderConfirmation/{id}: the order as its confirmation shows it (itemised, with GST). */
    orderConfirmation: build.query<Order, string>({
      query: (orderId) => ({ path: `/orders/getOrderConfirmation/${encodeURIComponent(orderId)}` }),
      transformResponse: (data: { order?: Order } | undefined) => {
        if (!data?.order) throw new Error(ORDER_MESSAGES.invalidResponse);
        return data.order;
      },
      // behaviour.md §8 Orders: the server's message, else 'Failed to send order confirmation'.
      transformErrorResponse: withOwnText(ORDER_MESSAGES.confirmation),
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /** GET /orders/{id}/payment-status: behaviour.md §4 paymentStatus, read from the gateway while pending. */
    paymentStatus: build.query<PaymentStatusResult, string>({
      query: (orderId) => ({ path: `/orders/${encodeURIComponent(orderId)}/payment-status` }),
      transformResponse: (data: PaymentStatusResult | undefined) => {
        if (!data?.paymentStatus) throw new Error(ORDER_MESSAGES.status);
        return data;
      },
      transformErrorResponse: withFallback(ORDER_MESSAGES.status),
    }),
  }),
});

export const {
  useCheckoutOptionsQuery,
  useAddressBookQuery,
  useGstStatesQuery,
  useLazyPincodeQuery,
  useCheckoutQuoteQuery,
  useOrderConfirmationQuery,
  useLazyPaymentStatusQuery,
} = checkoutApi;
