import type {
  AddressBookBody,
  AddressBookEntry,
  CalculateTaxBody,
  CheckoutOptions,
  CouponQuote,
  CreateOrderBody,
  GstState,
  Order,
  PaymentStatusResult,
  PincodeInfo,
  TaxResult,
  ValidateCouponBody,
} from '@vastra/contracts';
import type { ApiAnswer, BrowserApi } from './browser-client';

/**
 * The checkout calls (§7 Orders, Coupons and taxes, and the address book), one function per
 * call, through the browser client (the session cookie). Money in rupees. Failures throw an
 * ApiError with the server's message (e.g. 400 'Pincode 560001 is in Karnataka. Please check
 * the state or the pincode.', 409 'Only 2 left of … (size M).'); the thunks of the checkout
 * slice put in the §8 fallbacks.
 */

/** GET /addresses/pincode/{pincode}: the district and state of an India Post pincode (404 when unknown). */
export function getPincode(api: BrowserApi, pincode: string): Promise<ApiAnswer<PincodeInfo>> {
  return api.request(`/addresses/pincode/${encodeURIComponent(pincode)}`);
}

/** GET /addresses/states: the states and union territories of India with their GST codes. */
export function getStates(api: BrowserApi): Promise<ApiAnswer<{ states: GstState[] }>> {
  return api.request('/addresses/states');
}

/** GET /addresses: the logged-in shopper's address book, the default first. */
export function getAddressBook(api: BrowserApi): Promise<ApiAnswer<{ addresses: AddressBookEntry[] }>> {
  return api.request('/addresses');
}

/** POST /addresses: adds an address to the book (checked against the pincode directory). */
export function postAddress(api: BrowserApi, body: AddressBookBody): Promise<ApiAnswer<{ address: AddressBookEntry }>> {
  return api.request('/addresses', { method: 'POST', json: body });
}

/**
 * POST /coupons/validate: what a coupon (or, with `isGiftCard`, a gift card) takes off. A new
 * coupon names the one it replaces in `prevoiusCode` (spelled so, §7).
 */
export function postValidateCoupon(api: BrowserApi, body: ValidateCouponBody): Promise<ApiAnswer<CouponQuote>> {
  return api.request('/coupons/validate', { method: 'POST', json: body });
}

/** POST /taxes/calculate: the GST of an amount shipped to a state (§3 Tax result). */
export function postCalculateTaxes(api: BrowserApi, body: CalculateTaxBody): Promise<ApiAnswer<TaxResult>> {
  return api.request('/taxes/calculate', { method: 'POST', json: body });
}

/** GET /orders/checkout-options: the payment methods on offer, the cash on delivery limit, how GST is shown. */
export function getCheckoutOptions(api: BrowserApi): Promise<ApiAnswer<CheckoutOptions>> {
  return api.request('/orders/checkout-options');
}

/**
 * POST /orders from the caller's cart. The `Idempotency-Key` makes a retry of the same attempt
 * answer the order the first one created, never a second order.
 */
export function postOrder(
  api: BrowserApi,
  body: CreateOrderBody,
  idempotencyKey: string,
): Promise<ApiAnswer<{ order: Order }>> {
  return api.request('/orders', { method: 'POST', json: body, headers: { 'Idempotency-Key': idempotencyKey } });
}

/** GET /orders/{id}: one of the caller's orders (404 for anyone else's). */
export function getOrder(api: BrowserApi, orderId: string): Promise<ApiAnswer<{ order: Order }>> {
  return api.request(`/orders/${encodeURIComponent(orderId)}`);
}

/** GET /orders/{id}/payment-status: §4 paymentStatus, read from the gateway while pending. */
export function getPaymentStatus(api: BrowserApi, orderId: string): Promise<ApiAnswer<PaymentStatusResult>> {
  return api.request(`/orders/${encodeURIComponent(orderId)}/payment-status`);
}

/** GET /orders/getOrderConfirmation/{id}: the order as its confirmation shows it (itemised, with GST). */
export function getOrderConfirmation(api: BrowserApi, orderId: string): Promise<ApiAnswer<{ order: Order }>> {
  return api.request(`/orders/getOrderConfirmation/${encodeURIComponent(orderId)}`);
}
