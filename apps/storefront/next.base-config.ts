import type { NextConfig } from 'next';

/**
 * Nothing here depends on the environment: API_URL, PUBLIC_API_URL and SITE_URL are read
 * at request time (src/lib/config.ts), so one build runs against any API. next.config.ts adds
 * the plugins (messages, service worker); the bench's ceiling app (scripts/bench-web/ceiling)
 * takes this alone.
 */
export const nextConfig: NextConfig = {
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
