import { unlocalisedPath } from '@/i18n/paths';

/**
 * Where to go after logging in (`/auth/login?next=…`): the path, query and fragment of `next`
 * when it resolves to the store's own origin, else the homepage, without a language prefix (the
 * router gives it the page's language). `next` is parsed the way the
 * browser will follow it (WHATWG URL, against `siteUrl`), so whatever the browser would turn
 * into another host (`/%09/evil.example` once it drops the tab, `//evil.example`,
 * `/\evil.example`, `https://evil.example`, `javascript:…`) is refused rather than guessed at.
 */
export function safeNext(next: string | string[] | undefined, siteUrl: string): string {
  const value = Array.isArray(next) ? next[0] : next;
  if (!value) return '/';
  let site: URL;
  let target: URL;
  try {
    site = new URL(siteUrl);
    target = new URL(value, site);
  } catch {
    return '/';
  }
  if (target.origin !== site.origin) return '/';
  // Without its language prefix: the router adds the page's own ('/hi/account' → '/hi/hi/account').
  const path = `${unlocalisedPath(target.pathname)}${target.search}${target.hash}`;
  // `/.//evil.example` resolves on this origin to the path `//evil.example`, which the router
  // would follow as a URL without a scheme, to another host.
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/**
 * `path` carrying where to go on afterwards (`?next=`), for the register → verify chain: none
 * for the homepage or no place, which keeps each page's own default (the account, after a
 * verification).
 */
export function withNext(path: string, next: string | null | undefined): string {
  return next && next !== '/' ? `${path}?next=${encodeURIComponent(next)}` : path;
}
