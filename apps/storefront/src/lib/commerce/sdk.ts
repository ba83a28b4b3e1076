import 'server-only';
import Medusa from '@medusajs/js-sdk';
import { getCommerceConfig } from './config';

/**
 * The Medusa JS SDK configured for the commerce backend (§7 Commerce backend), built per call
 * from the runtime configuration. Server code only: the browser reaches the backend through
 * the storefront's /api/commerce routes, which hold the cart cookie.
 */
export function commerceSdk(): Medusa {
  const { baseUrl, publishableKey } = getCommerceConfig();
  return new Medusa({ baseUrl, ...(publishableKey ? { publishableKey } : {}) });
}
