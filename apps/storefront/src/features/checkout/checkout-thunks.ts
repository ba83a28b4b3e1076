import {
  ADDRESS_MESSAGES,
  GENERIC_MESSAGES,
  ORDER_MESSAGES,
  type AddressBookEntry,
  type CheckoutOptions,
  type GstState,
  type Order,
  type PaymentStatusResult,
  type PincodeInfo,
} from '@vastra/contracts';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { ApiError } from '@/lib/api/api-error';
import {
  getAddressBook,
  getCheckoutOptions,
  getOrderConfirmation,
  getPaymentStatus,
  getPincode,
  getStates,
} from '@/lib/api/checkout';
import type { RootState } from '@/lib/store/store';
import { errorMessage, type ThunkExtra } from '@/lib/store/thunk';

/**
 * The checkout's reads that no persisted slice keeps (the address book, the states, a pincode,
 * an order and its payment status), as plain thunks: a thunk is how a component reaches the
 * store's API client. Each resolves to the data or throws an Error with the message to show.
 */
type CheckoutThunk<T> = ThunkAction<Promise<T>, RootState, ThunkExtra, UnknownAction>;

/** An order the API says is not the caller's, or not there (§6: someone else's id answers 404). */
export class OrderNotFoundError extends Error {
  constructor() {
    super(ORDER_MESSAGES.notFound);
    this.name = 'OrderNotFoundError';
  }
}

/** What checkout offers now: payment methods and the cash on delivery limit (GET /orders/checkout-options). */
export function loadCheckoutOptions(): CheckoutThunk<CheckoutOptions> {
  return async (_dispatch, _getState, { api }) => {
    try {
      const answer = await getCheckoutOptions(api);
      if (!answer.data?.paymentMethods) throw new ApiError(500, ORDER_MESSAGES.invalidResponse);
      return answer.data;
    } catch (error) {
      throw new Error(errorMessage(error, GENERIC_MESSAGES.fallback));
    }
  };
}

/** The shopper's address book (GET /addresses). */
export function loadAddressBook(): CheckoutThunk<AddressBookEntry[]> {
  return async (_dispatch, _getState, { api }) => {
    try {
      const answer = await getAddressBook(api);
      return answer.data?.addresses ?? [];
    } catch (error) {
      throw new Error(errorMessage(error, GENERIC_MESSAGES.fallback));
    }
  };
}

/** The states of India for the state select (GET /addresses/states). */
export function loadStates(): CheckoutThunk<GstState[]> {
  return async (_dispatch, _getState, { api }) => {
    try {
      const answer = await getStates(api);
      return answer.data?.states ?? [];
    } catch (error) {
      throw new Error(errorMessage(error, GENERIC_MESSAGES.fallback));
    }
  };
}

/**
 * What the India Post directory knows of a pincode, or null when it knows nothing of it (404:
 * 'We could not find this pincode. Please check it.' is then the form's to say).
 */
export function lookUpPincode(pincode: string): CheckoutThunk<PincodeInfo | null> {
  return async (_dispatch, _getState, { api }) => {
    try {
      const answer = await getPincode(api, pincode);
      return answer.data?.stateCode ? answer.data : null;
    } catch (error) {
      if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
      throw new Error(errorMessage(error, ADDRESS_MESSAGES.pincodeUnknown));
    }
  };
}

/** The order as its confirmation shows it; OrderNotFoundError for a 404, else §8 'Failed to fetch order details'. */
export function loadOrderConfirmation(orderId: string): CheckoutThunk<Order> {
  return async (_dispatch, _getState, { api }) => {
    let answer;
    try {
      answer = await getOrderConfirmation(api, orderId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new OrderNotFoundError();
      throw new Error(errorMessage(error, ORDER_MESSAGES.details));
    }
    if (!answer.data?.order) throw new Error(ORDER_MESSAGES.invalidResponse);
    return answer.data.order;
  };
}

/** §4 paymentStatus of an order; OrderNotFoundError for a 404, else §8 'Failed to fetch order status'. */
export function loadPaymentStatus(orderId: string): CheckoutThunk<PaymentStatusResult> {
  return async (_dispatch, _getState, { api }) => {
    let answer;
    try {
      answer = await getPaymentStatus(api, orderId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new OrderNotFoundError();
      throw new Error(errorMessage(error, ORDER_MESSAGES.status));
    }
    if (!answer.data?.paymentStatus) throw new Error(ORDER_MESSAGES.status);
    return answer.data;
  };
}
