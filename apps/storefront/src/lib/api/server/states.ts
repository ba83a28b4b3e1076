import 'server-only';
import { GENERIC_MESSAGES, gstStateSchema, type GstState } from '@vastra/contracts';
import { cache } from 'react';
import { apiGet, checked } from './client';

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
