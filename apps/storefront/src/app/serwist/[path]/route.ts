import { randomUUID } from 'node:crypto';
import { createSerwistRoute } from '@serwist/turbopack';

/**
 * The service worker (src/sw/index.ts) and its source map, bundled with esbuild while
 * `next build` prerenders this route (Serwist's Turbopack integration), with the precache list:
 * the build's static files, the public icons and the offline page of each language. The offline
 * pages render per request, so each build gives them a new revision.
 * docs/architecture.md "Service worker".
 */
const revision = randomUUID();

export const { dynamic, dynamicParams, revalidate, generateStaticParams, GET } = createSerwistRoute({
  swSrc: 'src/sw/index.ts',
  useNativeEsbuild: true,
  globPatterns: ['.next/static/**/*.{js,css,woff2,png,svg,ico}', 'public/**/*.{png,svg,ico}'],
  additionalPrecacheEntries: [
    { url: '/offline', revision },
    { url: '/hi/offline', revision },
  ],
});
