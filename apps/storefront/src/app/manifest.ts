import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { getStoreSettings } from '@/lib/api/server/store-settings';

/** Launchers show a short name under the icon; longer ones are cut off. */
const SHORT_NAME_MAX_CHARS = 12;

/**
 * The web app manifest (/manifest.webmanifest, linked from every page's head by Next) that makes
 * the storefront installable (docs/behaviour.md "Offline and installing the app"): the store's
 * name from its settings, read at request time ("Vastra" while the API cannot be read), the
 * icons of public/ (made by scripts/make-icons.mjs) and the brand's colour.
 */
export default async function manifest(): Promise<MetadataRoute.Manifest> {
  await connection();
  const { storeName } = await getStoreSettings();
  const shortName =
    storeName.length <= SHORT_NAME_MAX_CHARS ? storeName : storeName.split(/\s+/)[0]!.slice(0, SHORT_NAME_MAX_CHARS);
  return {
    name: storeName,
    short_name: shortName,
    description: `Shop clothing, footwear and accessories at ${storeName}.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    lang: 'en-IN',
    dir: 'ltr',
    theme_color: '#8a1a42',
    background_color: '#ffffff',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
