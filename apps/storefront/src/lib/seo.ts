import type { Metadata } from 'next';
import { getStoreSettings } from '@/lib/api/server/store-settings';

/** Where a page's title or description names the store: its name in the store settings. */
export const STORE = '{store}';

type PageSeo = {
  title: string;
  description: string;
  /** Path of the canonical URL, resolved against SITE_URL (metadataBase of the root layout). */
  path: string;
  images?: { url: string; width?: number; height?: number; alt?: string }[];
  type?: 'website' | 'article';
  noindex?: boolean;
};

/**
 * Title, meta description, canonical URL and Open Graph of one page, in one shape; STORE in
 * the title or description becomes the store's name, which is also the Open Graph site name.
 */
export async function pageMetadata(seo: PageSeo): Promise<Metadata> {
  const { storeName } = await getStoreSettings();
  const named = (text: string) => text.replaceAll(STORE, storeName);
  const { path, images, type = 'website', noindex } = seo;
  const title = named(seo.title);
  const description = named(seo.description);
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title, description, url: path, siteName: storeName, locale: 'en_IN', type, images },
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
