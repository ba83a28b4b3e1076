import 'server-only';

/**
 * Runtime configuration of the storefront, read on every call (never at build time), so one
 * build serves any environment:
 * - API_URL: where the server reaches the API (default http://localhost:9000);
 * - PUBLIC_API_URL: where browsers reach it (default API_URL), handed to client components
 *   through PublicConfigProvider;
 * - SITE_URL: the storefront's public address, base of canonical URLs, Open Graph and the
 *   sitemap (default http://localhost:3000);
 * - NEXT_PUBLIC_GOOGLE_CLIENT_ID: the Google OAuth client id of the sign-in button and
 *   one-tap (behaviour.md §2); unset = no Google sign-in;
 * - RAZORPAY_CHECKOUT_URL: Razorpay's checkout.js (https://checkout.razorpay.com/v1/checkout.js);
 *   set, the checkout page opens Razorpay's modal itself and the CSP allows Razorpay; unset, a
 *   shopper paying with Razorpay goes to the API's Razorpay page instead (behaviour.md §12).
 */
export type ServerConfig = {
  apiUrl: string;
  publicApiUrl: string;
  siteUrl: string;
  googleClientId: string | null;
  razorpayCheckoutUrl: string | null;
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

// Looked up by a computed name: Next inlines `process.env.NEXT_PUBLIC_…` written out in full at
// build time, and this value must come from the running server's environment instead.
const GOOGLE_CLIENT_ID_VARIABLE = ['NEXT_PUBLIC', 'GOOGLE_CLIENT_ID'].join('_');

export function getConfig(): ServerConfig {
  const apiUrl = trimSlash(process.env.API_URL || 'http://localhost:9000');
  return {
    apiUrl,
    publicApiUrl: trimSlash(process.env.PUBLIC_API_URL || apiUrl),
    siteUrl: trimSlash(process.env.SITE_URL || 'http://localhost:3000'),
    googleClientId: process.env[GOOGLE_CLIENT_ID_VARIABLE]?.trim() || null,
    razorpayCheckoutUrl: process.env.RAZORPAY_CHECKOUT_URL?.trim() || null,
  };
}

/** An absolute URL on the storefront, for canonical links, Open Graph and JSON-LD. */
export function absoluteUrl(path: string): string {
  return `${getConfig().siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
