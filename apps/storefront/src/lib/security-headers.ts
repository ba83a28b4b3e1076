/**
 * The security headers of every storefront response (set by src/proxy.ts): a nonce-based
 * Content-Security-Policy and the headers that keep pages out of frames, stop MIME sniffing,
 * trim the Referer, switch off device features and, on https, pin the browser to https.
 * Pure, so the policy is unit-tested; the nonce is made per request by `newNonce`.
 */

/** The request header the proxy hands the nonce on in; the root layout reads it with headers(). */
export const NONCE_HEADER = 'x-nonce';

/** Google Identity Services (sign-in button and one-tap), as Google's CSP guidance lists them. */
const GOOGLE_GSI = 'https://accounts.google.com/gsi/';
const GOOGLE_GSI_CLIENT = 'https://accounts.google.com/gsi/client';
const GOOGLE_GSI_STYLE = 'https://accounts.google.com/gsi/style';
/** Where Razorpay's modal frames, calls and pictures come from, beside checkout.js's own origin. */
const RAZORPAY_API = 'https://api.razorpay.com';
const RAZORPAY_LOGS = 'https://lumberjack.razorpay.com';
const RAZORPAY_CDN = 'https://cdn.razorpay.com';

/** Two years, in seconds: the HSTS lifetime browsers' preload rules ask for. */
const HSTS_MAX_AGE_SECONDS = 63_072_000;

export type SecurityHeaderOptions = {
  /** This response's nonce (base64). */
  nonce: string;
  /** The storefront's public address (SITE_URL): https turns on HSTS and upgrades. */
  siteUrl: string;
  /** Where browsers reach the API (PUBLIC_API_URL): its calls, avatars and review photos. */
  publicApiUrl: string;
  /** Whether Google sign-in is configured (NEXT_PUBLIC_GOOGLE_CLIENT_ID). */
  googleSignIn: boolean;
  /** Razorpay's checkout.js when the checkout page opens its modal (RAZORPAY_CHECKOUT_URL); null: Razorpay is not allowed. */
  razorpayCheckoutUrl?: string | null;
  /** `next dev`: React needs eval for its debugging, and the dev overlay injects styles. */
  development: boolean;
};

/** A fresh nonce: 128 random bits, base64. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The Content-Security-Policy header's value. */
export function contentSecurityPolicy({
  nonce,
  siteUrl,
  publicApiUrl,
  googleSignIn,
  razorpayCheckoutUrl = null,
  development,
}: SecurityHeaderOptions): string {
  const api = originOf(publicApiUrl);
  const apiSources = api && api !== originOf(siteUrl) ? [api] : [];
  const google = (...sources: string[]) => (googleSignIn ? sources : []);
  const checkoutJs = razorpayCheckoutUrl ? originOf(razorpayCheckoutUrl) : null;
  const razorpay = (...sources: string[]) => (checkoutJs ? [checkoutJs, ...sources] : []);
  const frames = [...google(GOOGLE_GSI), ...razorpay(RAZORPAY_API)];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    // Next's scripts carry the nonce; 'strict-dynamic' lets them load the chunks and Google's
    // script they add. Browsers without it fall back to the host list.
    [
      'script-src',
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...google(GOOGLE_GSI_CLIENT),
      ...razorpay(),
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    // Style elements need the nonce (Next's own; the toasts' get it in instrumentation-client.ts);
    // style attributes, which React writes and no nonce can cover, are allowed. The plain
    // `style-src` is only for browsers that know neither of the two below.
    ['style-src', "'self'", "'unsafe-inline'", ...google(GOOGLE_GSI_STYLE)],
    [
      'style-src-elem',
      "'self'",
      ...(development ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`]),
      ...google(GOOGLE_GSI_STYLE),
    ],
    ['style-src-attr', "'unsafe-inline'"],
    // Catalogue images come through /media; avatars and review photos from the API; data: and
    // blob: are previews of photos about to be uploaded (reviews, returns).
    ['img-src', "'self'", 'data:', 'blob:', ...apiSources, ...razorpay(RAZORPAY_CDN)],
    ['media-src', "'self'", 'blob:', ...apiSources],
    ['font-src', "'self'"],
    // The service worker (/serwist/sw.js) and the web app manifest are the storefront's own.
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['connect-src', "'self'", ...apiSources, ...google(GOOGLE_GSI), ...razorpay(RAZORPAY_API, RAZORPAY_LOGS)],
    ...(frames.length > 0 ? [['frame-src', ...frames] as [string, ...string[]]] : []),
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    // Every form posts to the storefront; payment leaves by navigation (location.assign to the
    // API's sandbox page or PhonePe), which form-action does not govern, except Razorpay's
    // modal's answer, posted to the API (behaviour.md §12).
    ['form-action', "'self'", ...(checkoutJs ? apiSources : [])],
    ['frame-ancestors', "'none'"],
  ];
  const https = siteUrl.startsWith('https://');
  return [...directives.map((d) => d.join(' ')), ...(https ? ['upgrade-insecure-requests'] : [])].join('; ');
}

/** Every security header of a response, by name. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  };
  // Only over https: on plain http browsers ignore it, and localhost must stay reachable.
  if (options.siteUrl.startsWith('https://')) {
    headers['Strict-Transport-Security'] = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
  }
  return headers;
}
