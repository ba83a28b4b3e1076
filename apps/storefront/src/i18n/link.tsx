'use client';

import NextLink from 'next/link';
import { useLocale } from 'next-intl';
import type { ComponentProps } from 'react';
import { localePath } from './paths';
import type { Locale } from './routing';

type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & {
  /** A path as the English store writes it ('/shop'); the page's language is put in front. */
  href: string;
  /** Another language's page instead of this one's (the language switch). */
  locale?: Locale;
};

/** next/link in the page's language (src/i18n/paths.ts). */
export function Link({ href, locale, ...props }: LinkProps) {
  const current = useLocale();
  return <NextLink href={localePath(href, locale ?? current)} {...props} />;
}
