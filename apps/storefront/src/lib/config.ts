import 'server-only';

/**
 * Runtime configuration of the storefront, read on every call (never at build time), so one
 * build serves any environment:
 * - API_URL: where the server reaches the API (default http://localhost:9000);
 * - PUBLIC_API_URL: where browsers reach it (default API_URL), handed to client components
 *   through PublicConfigProvider;
 * - SITE_URL: the storefront's public address, base of canonical URLs, Open Graph and the
 *   sitemap (default http://localhost:3000).
 */
export type ServerConfig = { apiUrl: string; publicApiUrl: string; siteUrl: string };

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function getConfig(): ServerConfig {
  const apiUrl = trimSlash(process.env.API_URL || 'http://localhost:9000');
  return {
    apiUrl,
    publicApiUrl: trimSlash(process.env.PUBLIC_API_URL || apiUrl),
    siteUrl: trimSlash(process.env.SITE_URL || 'http://localhost:3000'),
  };
}

/** An absolute URL on the storefront, for canonical links, Open Graph and JSON-LD. */
export function absoluteUrl(path: string): string {
  return `${getConfig().siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
