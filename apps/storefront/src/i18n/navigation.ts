'use client';

import { useLocale } from 'next-intl';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useMemo } from 'react';
import { localePath, unlocalisedPath } from './paths';

/**
 * Locale-aware navigation for the browser (docs/architecture.md "Languages (next-intl)"): hrefs
 * are written without a language ('/shop') and get `/hi` in front on Hindi pages; usePathname
 * answers without it. Thin wrappers of Next's own over src/i18n/paths.ts rather than next-intl's
 * createNavigation, whose client code would cost every page's first load (docs/performance.md);
 * the server side is navigation-server.ts.
 */
export { Link } from './link';

/** Next's router whose push, replace and prefetch take an href without a language. */
export function useRouter() {
  const router = useNextRouter();
  const locale = useLocale();
  return useMemo(
    () => ({
      ...router,
      push: (href: string, options?: Parameters<typeof router.push>[1]) =>
        router.push(localePath(href, locale), options),
      replace: (href: string, options?: Parameters<typeof router.replace>[1]) =>
        router.replace(localePath(href, locale), options),
      prefetch: (href: string) => router.prefetch(localePath(href, locale)),
    }),
    [router, locale],
  );
}

/** The page's path without its language prefix ('/shop' on /hi/shop). */
export function usePathname(): string {
  // Null outside the App Router's context (components rendered alone, as unit tests do).
  return unlocalisedPath(useNextPathname() ?? '/');
}
