import { routing, type Locale } from './routing';

/**
 * A storefront href in `locale` (docs/architecture.md "Languages (next-intl)"): English as
 * written ('/shop'), Hindi with `/hi` in front ('/hi/shop', '/hi' for '/', '/hi?q=…' for
 * '/?q=…'). Anything that is not a path on this site (an absolute URL, '#…', 'mailto:') is
 * returned as it is. Pure, so the server and the browser share it without next-intl's
 * navigation code in the page's JavaScript.
 */
export function localePath(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//') || locale === routing.defaultLocale) return href;
  if (href === '/') return `/${locale}`;
  if (href.startsWith('/?') || href.startsWith('/#')) return `/${locale}${href.slice(1)}`;
  return `/${locale}${href}`;
}

/** The path without its language prefix: '/hi/shop' → '/shop', '/hi' → '/', '/shop' as it is. */
export function unlocalisedPath(pathname: string): string {
  for (const locale of routing.locales) {
    if (locale === routing.defaultLocale) continue;
    if (pathname === `/${locale}`) return '/';
    if (pathname.startsWith(`/${locale}/`)) return pathname.slice(locale.length + 1);
  }
  return pathname;
}
