import type { Metadata } from 'next';
import { HomeTemplate } from '@/features/home/home-template';
import { getHomepageSections } from '@/lib/api/catalog';
import { getRunningPromotions } from '@/lib/commerce/promotions';
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
  const [sections, promotions] = await Promise.all([getHomepageSections(), getRunningPromotions()]);
  return <HomeTemplate sections={sections} promotions={promotions} />;
}
