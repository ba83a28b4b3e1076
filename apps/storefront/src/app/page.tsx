import type { Metadata } from 'next';
import { RecentlyViewedSection } from '@/features/browsing-history/recently-viewed-section';
import { HomeTemplate } from '@/features/home/home-template';
import { getHomepageSections } from '@/lib/api/server/catalog';
import { getRunningPromotions } from '@/lib/api/server/promotions';
import { getRecentlyViewed } from '@/lib/recently-viewed-server';
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
  const [sections, promotions, recentlyViewed] = await Promise.all([
    getHomepageSections(),
    getRunningPromotions(),
    getRecentlyViewed(),
  ]);
  return (
    <>
      <HomeTemplate sections={sections} promotions={promotions} />
      <RecentlyViewedSection products={recentlyViewed} className="mt-12 sm:mt-16" />
    </>
  );
}
