import { NextRequest, NextResponse } from 'next/server';
import createIntlMiddleware from 'next-intl/middleware';
import { AUTH_TOKEN_STORAGE_NAME } from '@vastra/contracts';
import { PERSONAL_RESPONSE_HEADER } from '@/features/pwa/personal-response';
import { routing } from '@/i18n/routing';
import { getConfig } from '@/lib/config';
import { GUEST_ID_COOKIE } from '@/lib/guest-id';
import { pageRequestId, REQUEST_ID_HEADER } from '@/lib/request-id';
import { NONCE_HEADER, newNonce, securityHeaders } from '@/lib/security-headers';

const localeRouting = createIntlMiddleware(routing);

/**
 * Route handlers and files (a last segment with an extension: /robots.txt, /fonts/….woff2,
 * /serwist/sw.js), which have no language: never rewritten into `[locale]`.
 */
const UNLOCALISED = /^\/(api|media|_next|serwist)(\/|$)|\.[a-z0-9]+$/i;

/** The offline pages, which the service worker precaches: always rendered as for a guest. */
const OFFLINE_PAGE = /^(\/hi)?\/offline\/?$/;

/**
 * Next's proxy (formerly middleware), run before every page and route: a fresh CSP nonce per
 * request and the security headers of lib/security-headers.ts. The policy also goes on the
 * request, where Next reads the nonce to put on its own scripts and styles; the root layout
 * reads it from NONCE_HEADER. Nonces make every page render per request, which it does anyway.
 * Each request also gets its id (lib/request-id.ts), for its API calls and on the answer.
 * Pages then go through next-intl's routing (src/i18n/routing.ts): `/shop` is rewritten to the
 * English `[locale]` pages, `/hi/shop` to the Hindi ones, `/en/shop` redirected to `/shop`.
 * For the service worker (docs/architecture.md "Service worker"): an answer to a request with
 * the session cookie or a guest's `guestId` cookie (the layout renders that guest's cart) is
 * marked PERSONAL_RESPONSE_HEADER, which the worker never stores, and the
 * offline pages are rendered without the request's cookies, so their precached copy names no one.
 */
export function proxy(request: NextRequest) {
  const nonce = newNonce();
  const { siteUrl, publicApiUrl, googleClientId, razorpayCheckoutUrl } = getConfig();
  const headers = securityHeaders({
    nonce,
    siteUrl,
    publicApiUrl,
    googleSignIn: googleClientId !== null,
    razorpayCheckoutUrl,
    development: process.env.NODE_ENV === 'development',
  });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set('content-security-policy', headers['Content-Security-Policy']!);
  const requestId = pageRequestId(request.headers.get(REQUEST_ID_HEADER));
  requestHeaders.set(REQUEST_ID_HEADER, requestId);
  if (OFFLINE_PAGE.test(request.nextUrl.pathname)) requestHeaders.delete('cookie');
  const personal =
    requestHeaders.has('cookie') &&
    (request.cookies.has(AUTH_TOKEN_STORAGE_NAME) || request.cookies.has(GUEST_ID_COOKIE));
  const response = UNLOCALISED.test(request.nextUrl.pathname)
    ? NextResponse.next({ request: { headers: requestHeaders } })
    : localeRouting(new NextRequest(request, { headers: requestHeaders }));
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  response.headers.set(REQUEST_ID_HEADER, requestId);
  if (personal) response.headers.set(PERSONAL_RESPONSE_HEADER, '1');
  return response;
}

export const config = {
  // Not the build's static files and optimised images: they are never documents.
  matcher: ['/((?!_next/static|_next/image).*)'],
};
