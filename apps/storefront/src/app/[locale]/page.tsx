import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { RecentlyViewedSection } from '@/features/browsing-history/recently-viewed-section';
import { HomeTemplate } from '@/features/home/home-template';
import { getHomepageSections } from '@/lib/api/server/catalog';
import { getRunningPromotions } from '@/lib/api/server/promotions';
import { getStoreSettings } from '@/lib/api/server/store-settings';
import { getRecentlyViewed } from '@/lib/recently-viewed-server';
import { pageMetadata, STORE } from '@/lib/seo';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('common.metadata');
  const metadata = await pageMetadata({
    title: t('title', { store: STORE }),
    description: t('description', { store: STORE }),
    path: '/',
  });
  return { ...metadata, title: { absolute: String(metadata.title) } };
}

export default async function HomePage() {
  const [store, sections, promotions, recentlyViewed] = await Promise.all([
    getStoreSettings(),
    getHomepageSections(),
    getRunningPromotions(),
    getRecentlyViewed(),
  ]);
  return (
    <>
      <HomeTemplate storeName={store.storeName} sections={sections} promotions={promotions} />
      <RecentlyViewedSection products={recentlyViewed} className="mt-12 sm:mt-16" />
    </>
  );
}
