'use client';

import { useCallback } from 'react';
import { usePublicConfig } from '@/lib/public-config';

/**
 * THE way the storefront writes (docs/architecture.md "Storefront data flow"): the browser
 * calls the API itself, with the session cookie (so the API's Origin check and its per-address
 * rate limits see the shopper, not the storefront's server), through the credentialed browser
 * client (./client.ts). The caller then updates what shows the result: a
 * client context (the cart, the shopper's wishlist refs), and/or router.refresh() so server
 * components render again. An optimistic change is React's useOptimistic around the call.
 * What a page shows when it opens is read on the server (lib/api/server); what the shopper asks
 * for after it is `read` below.
 *
 * A 401 goes to the one 401 handler (lib/session-expiry.ts: toast, logout, /auth/login, at most
 * once per 3000 ms), then throws like any failure. The client itself (./mutate-request.ts)
 * loads with the first write, not with the page.
 *
 *   const mutate = useMutate();
 *   const { data, message } = await mutate<{ cart: Cart }>('/cart/add', { json: body, fallback: CART_MESSAGES.add });
 *   publishCart(data.cart); toast.success(message ?? CART_MESSAGES.added);
 */

/**
 * A write's outcome: the envelope's data (money in rupees) and its message, shown in a toast;
 * with `answersBelow500` also `status`, the HTTP status, for the caller to read.
 */
export type Mutation<T> = { data: T | undefined; message: string | undefined; status?: number };

/** One write: the method (POST by default), a JSON body, extra headers, and the behaviour.md §8 text to show when the API gives none. */
export type MutateOptions = {
  method?: 'POST' | 'PUT' | 'DELETE';
  json?: unknown;
  headers?: Record<string, string>;
  /** behaviour.md §8's text of this call, e.g. CART_MESSAGES.add ('Failed to add item to cart'). */
  fallback: string;
  /** behaviour.md §7: answers 200 to 499 are the caller's to read (a login's wrong password), not failures nor a 401 to handle. */
  answersBelow500?: boolean;
  /**
   * behaviour.md §8: the account calls say 'Unable to connect to our servers…' or 'The connection
   * timed out…' when the API cannot be reached or does not answer in time, not their fallback.
   */
  connectionTexts?: boolean;
};

/** A failed write: the message to show (the API's, else the call's fallback) and the HTTP status (0: no answer). */
export class MutationError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'MutationError';
  }
}

/**
 * Sends one write to the API at `apiUrl` (the public address, PublicConfig.apiUrl) and resolves
 * to its data and message. Throws MutationError with the API's message, or `fallback` when the
 * API gave none of its own, could not be reached or timed out (behaviour.md §8).
 */
export async function mutate<T>(apiUrl: string, path: string, options: MutateOptions): Promise<Mutation<T>> {
  // The client loads with the first write, not with the page.
  const { send } = await import('./mutate-request');
  return send<T>(apiUrl, path, options);
}

/** A read the browser makes after an interaction (suggestions as the shopper types, another page of reviews, a pincode, a payment's status): the behaviour.md §8 text to show when the API gives none. */
export type ReadOptions = {
  fallback: string;
  /** behaviour.md §7: answers 200 to 499 are the caller's to read (a login's wrong password), not failures. */
  answersBelow500?: boolean;
};

/**
 * One GET through the same client as `mutate` (the session cookie, the one 401 handler,
 * the behaviour.md §8 texts). What a page shows when it opens is the server's read (lib/api/server); this is for
 * what the shopper asks for after it. Throws MutationError like `mutate`.
 */
export async function read<T>(apiUrl: string, path: string, options: ReadOptions): Promise<Mutation<T>> {
  const { receive } = await import('./mutate-request');
  return receive<T>(apiUrl, path, options);
}

/**
 * The credentialed browser client itself (./client.ts), for the two calls that are neither
 * JSON writes nor reads: a multipart upload with progress (a return's photos) and a file
 * download (an invoice PDF). Loaded on first use.
 */
export async function browserClient(apiUrl: string): Promise<import('./client').BrowserApi> {
  const { clientFor } = await import('./mutate-request');
  return clientFor(apiUrl);
}

/** `mutate` bound to this page's API address, for client components. */
export function useMutate(): <T>(path: string, options: MutateOptions) => Promise<Mutation<T>> {
  const { apiUrl } = usePublicConfig();
  return useCallback(<T>(path: string, options: MutateOptions) => mutate<T>(apiUrl, path, options), [apiUrl]);
}

/** `read` bound to this page's API address, for client components. */
export function useRead(): <T>(path: string, options: ReadOptions) => Promise<Mutation<T>> {
  const { apiUrl } = usePublicConfig();
  return useCallback(<T>(path: string, options: ReadOptions) => read<T>(apiUrl, path, options), [apiUrl]);
}
