/**
 * Which requests the service worker (src/sw/index.ts) may answer from its caches, as pure
 * functions of the URL and headers, so they are unit-tested (rules.test.ts). The rules are
 * docs/architecture.md "Service worker"; what the shopper sees offline is docs/behaviour.md
 * "Offline and installing the app".
 */

/** The offline page of each language, precached; served for any page that cannot be loaded. */
export const OFFLINE_PAGES = { en: '/offline', hi: '/hi/offline' } as const;

/** Catalogue pages: home, shop, search, a category, a collection, a product (English or under /hi). */
const CATALOGUE_PAGE = /^(?:\/hi)?(?:\/|\/shop|\/search|\/(?:category|collections|shop\/product)\/[^/]+(?:\/[^/]+)*)?$/;

/**
 * Whether a page path is a catalogue page, whose last copy is kept for offline reading. Account,
 * orders, cart, checkout, wishlist and sign-in pages are not: they are never stored.
 */
export function isCataloguePage(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CATALOGUE_PAGE.test(path);
}

/** The offline page in the language of the page at `pathname` (Hindi under /hi). */
export function offlinePageFor(pathname: string): string {
  return pathname === '/hi' || pathname.startsWith('/hi/') ? OFFLINE_PAGES.hi : OFFLINE_PAGES.en;
}

/**
 * A React Server Components request (client navigation or prefetch: an `RSC` header or an `_rsc`
 * parameter). Never stored: its payload may hold the shopper's layout data.
 */
export function isRscRequest(url: URL, headers: Headers): boolean {
  return headers.has('rsc') || headers.has('next-router-prefetch') || url.searchParams.has('_rsc');
}

/**
 * A catalogue image: a whole (not a range) same-origin `/media/…` image or an optimised
 * `/_next/image` one. Avatars and review photos come from the API's address and are never stored.
 */
export function isCatalogueImage(url: URL, headers: Headers, destination: string, sameOrigin: boolean): boolean {
  if (!sameOrigin || headers.has('range')) return false;
  if (url.pathname === '/_next/image') return url.searchParams.get('url')?.startsWith('/media/') ?? false;
  return url.pathname.startsWith('/media/') && destination === 'image';
}
