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
import { MutationError, mutate, read } from './mutate';

/**
 * The checkout's calls (behaviour.md §7 Orders, Coupons and taxes, and the address book)
 * through the write helper (mutate.ts). Money in rupees. Each throws
 * MutationError with the server's message, else the call's behaviour.md §8 text (also when the
 * API could not be reached or did not answer in time); a 404 keeps its status, so a page can say
 * the order is not there (someone else's id answers 404).
 */

/** GET /orders/checkout-options: the payment methods on offer, the cash on delivery limit, how GST is shown. */
export async function readCheckoutOptions(apiUrl: string): Promise<CheckoutOptions> {
  const { data } = await read<CheckoutOptions>(apiUrl, '/orders/checkout-options', {
    fallback: GENERIC_MESSAGES.fallback,
  });
  if (!data?.paymentMethods) throw new MutationError(ORDER_MESSAGES.invalidResponse, 200);
  return data;
}

/** GET /addresses: the logged-in shopper's address book, the default first. */
export async function readAddressBook(apiUrl: string): Promise<AddressBookEntry[]> {
  const { data } = await read<{ addresses?: AddressBookEntry[] }>(apiUrl, '/addresses', {
    fallback: GENERIC_MESSAGES.fallback,
  });
  return data?.addresses ?? [];
}

/** GET /addresses/states: the states and union territories of India with their GST codes. */
export async function readGstStates(apiUrl: string): Promise<GstState[]> {
  const { data } = await read<{ states?: GstState[] }>(apiUrl, '/addresses/states', {
    fallback: GENERIC_MESSAGES.fallback,
  });
  return data?.states ?? [];
}

/**
 * GET /addresses/pincode/{pincode}: the district and state of an India Post pincode, or null
 * when the directory knows nothing of it (404 or 400: 'We could not find this pincode. Please
 * check it.' is then the form's to say).
 */
export async function lookupPincode(apiUrl: string, pincode: string): Promise<PincodeInfo | null> {
  try {
    const { data } = await read<PincodeInfo>(apiUrl, `/addresses/pincode/${encodeURIComponent(pincode)}`, {
      fallback: ADDRESS_MESSAGES.pincodeUnknown,
    });
    return data?.stateCode ? data : null;
  } catch (error) {
    if (error instanceof MutationError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/**
 * POST /checkout/quote: the whole quote of the cart's lines, the coupon, the gift card and the
 * ship-to state or pincode, in one call (behaviour.md §4 Pricing). A refused code is left out of
 * the quote and named in `messages` with the reason to show under its field. behaviour.md §8:
 * 'Failed to calculate taxes' when it fails, or the `fallback` of the code being applied.
 */
export async function requestQuote(
  apiUrl: string,
  body: CheckoutQuoteBody,
  fallback: string = TAX_MESSAGES.calculate,
): Promise<CheckoutQuote> {
  const { data } = await mutate<unknown>(apiUrl, '/checkout/quote', { json: body, fallback });
  // The schema is loaded with the first quote: the checkout's first load stays without zod.
  return checked((await import('./quote-contract')).checkoutQuoteSchema, data, 'checkout/quote');
}

/**
 * POST /orders from the caller's cart. The `Idempotency-Key` makes a retry of the same attempt
 * answer the order the first one created, never a second order. Resolves to the order (undefined
 * when the answer held none) and the API's message. behaviour.md §8: 'Failed to create order'.
 */
export async function createOrder(
  apiUrl: string,
  body: CreateOrderBody,
  idempotencyKey: string,
): Promise<{ order: Order | undefined; message: string | undefined }> {
  const { data, message } = await mutate<{ order?: Order }>(apiUrl, '/orders', {
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
    fallback: ORDER_MESSAGES.create,
  });
  return { order: data?.order, message };
}

/**
 * GET /orders/getOrderConfirmation/{id}: the order as its confirmation shows it (itemised, with
 * GST). behaviour.md §8 Orders: the server's message, else 'Failed to send order confirmation'.
 */
export async function readOrderConfirmation(apiUrl: string, orderId: string): Promise<Order> {
  const { data } = await read<{ order?: Order }>(
    apiUrl,
    `/orders/getOrderConfirmation/${encodeURIComponent(orderId)}`,
    { fallback: ORDER_MESSAGES.confirmation },
  );
  if (!data?.order) throw new MutationError(ORDER_MESSAGES.invalidResponse, 200);
  return data.order;
}

/** GET /orders/{id}/payment-status: behaviour.md §4 paymentStatus, read from the gateway while pending. */
export async function readPaymentStatus(apiUrl: string, orderId: string): Promise<PaymentStatusResult> {
  const { data } = await read<PaymentStatusResult>(apiUrl, `/orders/${encodeURIComponent(orderId)}/payment-status`, {
    fallback: ORDER_MESSAGES.status,
  });
  if (!data?.paymentStatus) throw new MutationError(ORDER_MESSAGES.status, 200);
  return data;
}

/** What Razorpay's modal opens with for a pending payment (GET /payments/razorpay/checkout/{merchantOrderId}). */
export type RazorpayCheckout = {
  keyId: string;
  razorpayOrderId: string;
  orderNumber: string;
  storeName: string;
  /** The API's route the modal's signed answer is posted to; it redirects to the confirmation. */
  verifyUrl: string;
};

/** GET /payments/razorpay/checkout/{merchantOrderId}: the modal's options; MutationError when the payment is not pending. */
export async function readRazorpayCheckout(apiUrl: string, merchantOrderId: string): Promise<RazorpayCheckout> {
  const { data } = await read<RazorpayCheckout>(
    apiUrl,
    `/payments/razorpay/checkout/${encodeURIComponent(merchantOrderId)}`,
    { fallback: ORDER_MESSAGES.paymentNotFound },
  );
  if (!data?.razorpayOrderId) throw new MutationError(ORDER_MESSAGES.invalidResponse, 200);
  return data;
}
