import 'server-only';
import {
  AUTH_TOKEN_STORAGE_NAME,
  GENERIC_MESSAGES,
  checkoutOptionsSchema,
  gstStateSchema,
  type CheckoutOptions,
  type Envelope,
  type GstState,
} from '@vastra/contracts';
import { headers } from 'next/headers';
import { connection } from 'next/server';
import { cache } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { getConfig } from '@/lib/config';
import { REQUEST_ID_HEADER, requestIdHeader } from '@/lib/request-id';
import { apiGet, checked } from './client';
import { shopperSession } from './shopper';

/** The states list changes with the law, not the day: an hour in Next's data cache is plenty. */
const STATES_REVALIDATE_SECONDS = 3600;

/**
 * GET /addresses/states: the states and union territories of India with their GST codes, for
 * the checkout's new-address form (the same for everyone, so cached; docs/architecture.md
 * "Cart and checkout pages"). Throws ApiError with the API's message, else GENERIC_MESSAGES.fallback.
 */
export const getGstStates = cache(async (): Promise<GstState[]> => {
  const data = await apiGet('/addresses/states', {
    revalidate: STATES_REVALIDATE_SECONDS,
    fallbackMessage: GENERIC_MESSAGES.fallback,
  });
  return (Array.isArray(data.states) ? data.states : []).map((s) => checked(gstStateSchema, s, 'addresses/states'));
});

/**
 * GET /orders/checkout-options as the logged-in shopper (the API asks for a session): the
 * payment methods on offer, the cash on delivery limit (rupees) and how GST is shown; null for a
 * guest or an ended session. Throws ApiError with the API's message, else GENERIC_MESSAGES.fallback.
 * (shopper.ts's getCheckoutOptions asks without the session, which the API refuses with 401.)
 */
export const getShopperCheckoutOptions = cache(async (): Promise<CheckoutOptions | null> => {
  const { token } = await shopperSession();
  if (!token) return null;
  await connection();
  const url = `${getConfig().apiUrl}/orders/checkout-options`;
  const requestId = (await headers()).get(REQUEST_ID_HEADER);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        accept: 'application/json',
        cookie: `${AUTH_TOKEN_STORAGE_NAME}=${token}`,
        ...requestIdHeader(false, requestId),
      },
      cache: 'no-store',
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    console.error(`API unreachable: GET ${url}`, error instanceof Error ? error.message : error);
    throw new ApiError(0, GENERIC_MESSAGES.fallback);
  }
  // An ended session renders as a guest's checkout (the browser's 401 handler does the rest).
  if (res.status === 401) return null;
  const body = (await res.json().catch(() => null)) as (Envelope<unknown> & { message?: string }) | null;
  if (!res.ok || !body || body.success !== true)
    throw new ApiError(res.status, body?.message || GENERIC_MESSAGES.fallback);
  return checked(checkoutOptionsSchema, body.data, 'checkout-options');
});
