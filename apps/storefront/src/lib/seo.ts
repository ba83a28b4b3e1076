import type { Metadata } from 'next';
import { getLocale } from 'next-intl/server';
import { localePath } from '@/i18n/paths';
import { LANGUAGE_TAG, routing, type Locale } from '@/i18n/routing';
import { getStoreSettings } from '@/lib/api/server/store-settings';

/** Where a page's title or description names the store: its name in the store settings. */
export const STORE = '{store}';

type PageSeo = {
  title: string;
  description: string;
  /**
   * Path of the canonical URL without a language ('/shop'), resolved against SITE_URL
   * (metadataBase of the root layout); the page's language puts `/hi` in front.
   */
  path: string;
  images?: { url: string; width?: number; height?: number; alt?: string }[];
  type?: 'website' | 'article';
  noindex?: boolean;
};

/**
 * Title, meta description, canonical URL, its other-language alternates (hreflang, with English
 * as x-default) and Open Graph of one page, in one shape; STORE in the title or description
 * becomes the store's name, which is also the Open Graph site name.
 */
export async function pageMetadata(seo: PageSeo): Promise<Metadata> {
  const [{ storeName }, locale] = await Promise.all([getStoreSettings(), getLocale()]);
  const named = (text: string) => text.replaceAll(STORE, storeName);
  const { path, images, type = 'website', noindex } = seo;
  const title = named(seo.title);
  const description = named(seo.description);
  return {
    title,
    description,
    alternates: languageAlternates(path, locale),
    openGraph: {
      title,
      description,
      url: localePath(path, locale),
      siteName: storeName,
      locale: LANGUAGE_TAG[locale].replace('-', '_'),
      type,
      images,
    },
    twitter: { card: images?.length ? 'summary_large_image' : 'summary', title, description },
    robots: noindex ? { index: false, follow: true } : undefined,
  };
}

/** A description of at most ~160 characters, cut on a word boundary. */
export function truncateDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20))}…`;
}

/**
 * The canonical URL of `path` in `locale` and the page in every language, for `hreflang`
 * links (docs/behaviour.md "Languages"); search engines get English as x-default.
 */
export function languageAlternates(path: string, locale: Locale): NonNullable<Metadata['alternates']> {
  const languages: Record<string, string> = {};
  for (const each of routing.locales) languages[LANGUAGE_TAG[each]] = localePath(path, each);
  languages['x-default'] = localePath(path, routing.defaultLocale);
  return { canonical: localePath(path, locale), languages };
}
