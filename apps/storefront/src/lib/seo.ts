import type { Metadata } from 'next';

type PageSeo = {
  title: string;
  description: string;
  /** Path of the canonical URL, resolved against SITE_URL (metadataBase of the root layout). */
  path: string;
  images?: { url: string; width?: number; height?: number; alt?: string }[];
  type?: 'website' | 'article';
  noindex?: boolean;
};

/** Title, meta description, canonical URL and Open Graph of one page, in one shape. */
export function pageMetadata({ title, description, path, images, type = 'website', noindex }: PageSeo): Metadata {
  return {
    title,
    description,
    alternates: { canonical: path },
    openGraph: { title, description, url: path, siteName: 'Vastra', locale: 'en_IN', type, images },
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
