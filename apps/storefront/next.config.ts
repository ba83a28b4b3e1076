import type { NextConfig } from 'next';
import { withSerwist } from '@serwist/turbopack';
import createNextIntlPlugin from 'next-intl/plugin';

// Messages are compiled at build time, so no ICU parser ships to the browser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: {
    messages: { format: 'json', path: './src/i18n/messages', locales: ['en', 'hi'], precompile: true },
  },
});

/**
 * Nothing here depends on the environment: API_URL, PUBLIC_API_URL and SITE_URL are read
 * at request time (src/lib/config.ts), so one build runs against any API.
 */
const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The contracts package ships TypeScript source.
  transpilePackages: ['@vastra/contracts'],
  images: {
    // Catalogue images come through our own /media route (src/app/media/[...path]/route.ts),
    // which streams them from the API; the optimiser fetches them in-process, so the API's
    // host never has to be known at build time nor be a public IP.
    localPatterns: [{ pathname: '/media/**' }],
    qualities: [75],
    formats: ['image/avif', 'image/webp'],
    minimumCacheTTL: 86400,
  },
};

// Serwist bundles the service worker with esbuild inside its route (src/app/serwist/[path]/route.ts),
// so Turbopack stays the builder; withSerwist keeps esbuild out of the server bundle.
export default withNextIntl(withSerwist(nextConfig));
