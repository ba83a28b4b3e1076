import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { ApiError } from '../api-error';
import type { BrowserApi, RequestOptions } from './client';

/**
 * The storefront's one browser data layer (docs/architecture.md): RTK Query endpoints over the
 * credentialed browser client, which sends the API's httpOnly `auth_token` cookie and never an
 * Authorization header. Each domain file (./checkout, …) injects its endpoints here; the slices
 * of lib/store keep only what the browser owns.
 */

/** What the thunk middleware hands every call: the browser client bound to this store. */
export type ThunkExtra = { api: BrowserApi };

/** One call: the API path and the client's options (method, JSON or multipart body, headers, timeout). */
export type BrowserQuery = RequestOptions & { path: string };

/**
 * A failed call as the cache keeps it (plain data, so it can sit in the store): the HTTP status
 * (0 = no answer), the message and whether it is the generic text put in for lack of the server's.
 */
export type ApiFailure = { status: number; message: string; isGeneric: boolean };

/**
 * What an answer carries besides its data: the envelope's message (shown in toasts), and the
 * HTTP status with whether it succeeded (calls that take answers below 500 back read them).
 */
export type AnswerMeta = { message: string | undefined; status: number; ok: boolean };

/** An answer with the envelope's message beside its data, for the calls whose message is shown. */
export type Answer<T> = { data: T | undefined; message: string | undefined };

/** The `transformResponse` of those calls: the data and the envelope's message. */
export function withMessage<T>(data: T | undefined, meta: AnswerMeta | undefined): Answer<T> {
  return { data, message: meta?.message };
}

/** The options of a query a thunk runs once: asked again each time, and not kept subscribed. */
export const ONCE = { subscribe: false, forceRefetch: true } as const;

/** The message of a failed call: the server's (or the behaviour.md §8 connection text), else the fallback. */
export function failureMessage(failure: ApiFailure | undefined, fallback: string): string {
  return failure && failure.message && !failure.isGeneric ? failure.message : fallback;
}

/** The message of a rejected `unwrap()`: a failure's, or that of the error a response check threw. */
export function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return String(error);
}

/** The failure of a rejected `unwrap()`, whatever threw. */
export function asFailure(error: unknown): ApiFailure | undefined {
  if (error && typeof error === 'object' && 'status' in error && 'message' in error && 'isGeneric' in error) {
    return error as ApiFailure;
  }
  return undefined;
}

const browserBaseQuery: BaseQueryFn<BrowserQuery, unknown, ApiFailure, object, AnswerMeta> = async (
  { path, ...options },
  { extra },
) => {
  try {
    const answer = await (extra as ThunkExtra).api.request(path, options);
    return { data: answer.data, meta: { message: answer.message, status: answer.status, ok: answer.ok } };
  } catch (error) {
    if (error instanceof ApiError) {
      return { error: { status: error.status, message: error.message, isGeneric: error.isGeneric } };
    }
    throw error;
  }
};

/**
 * Cache tags: what a change makes stale. A cart change makes the cart and the checkout quote
 * stale; an order placed or cancelled, the orders, that order and the cart.
 */
export const TAGS = ['Cart', 'Quote', 'Wishlist', 'Orders', 'Order', 'Returns', 'Addresses', 'Me', 'Reviews'] as const;

export const storefrontApi = createApi({
  reducerPath: 'api',
  baseQuery: browserBaseQuery,
  tagTypes: TAGS,
  endpoints: () => ({}),
});
