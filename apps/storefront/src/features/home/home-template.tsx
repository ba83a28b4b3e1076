import type { HomepageSection } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/empty-state';
import type { BannerPromotion } from '@/lib/api/server/promotions';
import {
  BestSellersSection,
  CollectionHighlightSection,
  FashionShowcaseSection,
  FeaturedCategoriesSection,
  HeroSection,
  TestimonialsSection,
} from './home-sections';
import { PromotionBanner } from './promotion-banner';

function Section({ section }: { section: HomepageSection }) {
  switch (section.section_type) {
    case 'hero':
      return <HeroSection section={section} />;
    case 'fashion_showcase':
      return <FashionShowcaseSection section={section} />;
    case 'collection_highlight':
      return <CollectionHighlightSection section={section} />;
    case 'best_seller_products':
      return <BestSellersSection section={section} />;
    case 'testimonials':
      return <TestimonialsSection section={section} />;
    case 'featured_categories':
      return <FeaturedCategoriesSection section={section} />;
    default: {
      // A section type this storefront does not know yet is skipped, not fatal.
      const unknown: never = section;
      void unknown;
      return null;
    }
  }
}

/** The homepage: the running offers, then the configured sections in their order (behaviour.md §3 Homepage section). */
export function HomeTemplate({
  storeName,
  sections,
  promotions,
}: {
  storeName: string;
  sections: HomepageSection[];
  promotions: BannerPromotion[];
}) {
  const t = useTranslations('common.home');
  return (
    <>
      <h1 className="sr-only">{t('heading', { store: storeName })}</h1>
      <PromotionBanner promotions={promotions} />
      {sections.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          heading={t('emptyHeading')}
          body={t('emptyBody')}
          actions={[{ label: t('emptyAction'), href: '/shop' }]}
        />
      ) : (
        <div className="flex flex-col gap-12 pb-4 sm:gap-16">
          {sections.map((section) => (
            <Section key={section.id} section={section} />
          ))}
        </div>
      )}
    </>
  );
}
