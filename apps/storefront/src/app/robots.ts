import type { MetadataRoute } from 'next';
import { connection } from 'next/server';
import { absoluteUrl } from '@/lib/config';

export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection();
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/search'] }],
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
