import type { Metadata } from 'next';
import { HomeTemplate } from '@/features/home/home-template';
import { getHomepageSections } from '@/lib/api/catalog';
import { pageMetadata } from '@/lib/seo';

const TITLE = 'Vastra: fashion for India';

export const metadata: Metadata = {
  ...pageMetadata({
    title: TITLE,
    description:
      'Shop clothing, footwear and accessories for men, women and kids at Vastra. Prices in ₹, inclusive of GST, delivered across India.',
    path: '/',
  }),
  title: { absolute: TITLE },
};

export default async function HomePage() {
  const sections = await getHomepageSections();
  return <HomeTemplate sections={sections} />;
}
