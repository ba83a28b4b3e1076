import 'server-only';
import { redirect as nextRedirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { localePath } from './paths';
import { isLocale, routing } from './routing';

/** Redirects (throws) to `href` in the language of the page being rendered. */
export async function redirect(href: string): Promise<never> {
  const locale = await getLocale();
  nextRedirect(localePath(href, isLocale(locale) ? locale : routing.defaultLocale));
}
