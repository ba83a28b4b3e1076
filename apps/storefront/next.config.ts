import { withSerwist } from '@serwist/turbopack';
import createNextIntlPlugin from 'next-intl/plugin';
import { nextConfig } from './next.base-config';

// Messages are compiled at build time, so no ICU parser ships to the browser.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './src/i18n/request.ts',
  experimental: {
    messages: { format: 'json', path: './src/i18n/messages', locales: ['en', 'hi'], precompile: true },
  },
});

// Serwist bundles the service worker with esbuild inside its route (src/app/serwist/[path]/route.ts),
// so Turbopack stays the builder; withSerwist keeps esbuild out of the server bundle.
export default withNextIntl(withSerwist(nextConfig));
