/// <reference lib="webworker" />
/**
 * The storefront's service worker (Serwist), bundled by src/app/serwist/[path]/route.ts at
 * build time and served as /serwist/sw.js with the scope "/". The caching rules and why are
 * docs/architecture.md "Service worker"; what the shopper sees offline is docs/behaviour.md
 * "Offline and installing the app".
 */
import {
  CacheableResponsePlugin,
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  NetworkOnly,
  Serwist,
  type PrecacheEntry,
  type SerwistGlobalConfig,
  type SerwistPlugin,
} from 'serwist';
import { PERSONAL_RESPONSE_HEADER } from '../features/pwa/personal-response';
import { registerPushHandlers } from './push';
import { isCatalogueImage, isCataloguePage, isRscRequest, OFFLINE_PAGES, offlinePageFor } from './rules';

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    /** The precache list (build assets, icons), injected by the build. */
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}

declare const self: ServiceWorkerGlobalScope;

const DAY_SECONDS = 24 * 60 * 60;

/**
 * Stores only whole (200) answers, and never a page the proxy marked as rendered for a
 * signed-in shopper or a guest with a cart (their name in the header, their cart in the page's data).
 */
const onlyAnonymous: SerwistPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && !response.headers.has(PERSONAL_RESPONSE_HEADER) ? response : null,
};

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: true,
  runtimeCaching: [
    {
      // Catalogue photos: their URLs name their content, so the stored copy is used as is.
      matcher: ({ url, request, sameOrigin }) =>
        isCatalogueImage(url, request.headers, request.destination, sameOrigin),
      handler: new CacheFirst({
        cacheName: 'catalogue-images',
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 14 * DAY_SECONDS, maxAgeFrom: 'last-used' }),
        ],
      }),
    },
    {
      // Catalogue pages: the network however slow (a stored copy has old prices, stock and
      // cart count), the last anonymous copy only when there is no network.
      matcher: ({ url, request, sameOrigin }) =>
        sameOrigin &&
        request.mode === 'navigate' &&
        isCataloguePage(url.pathname) &&
        !isRscRequest(url, request.headers),
      handler: new NetworkFirst({
        cacheName: 'catalogue-pages',
        plugins: [
          onlyAnonymous,
          new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 7 * DAY_SECONDS, maxAgeFrom: 'last-used' }),
        ],
      }),
    },
    // Every other page (account, cart, checkout, sign-in…) only from the network; offline, the
    // offline page below. API calls, RSC requests and anything but GET match no rule here and
    // go to the network untouched.
    { matcher: ({ request }) => request.mode === 'navigate', handler: new NetworkOnly() },
  ],
  fallbacks: {
    entries: [
      {
        url: OFFLINE_PAGES.hi,
        matcher: ({ request }) =>
          request.destination === 'document' && offlinePageFor(new URL(request.url).pathname) === OFFLINE_PAGES.hi,
      },
      { url: OFFLINE_PAGES.en, matcher: ({ request }) => request.destination === 'document' },
    ],
  },
});

registerPushHandlers(self);
serwist.addEventListeners();
