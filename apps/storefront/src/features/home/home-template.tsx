import type { HomepageSection } from '@vastra/contracts';
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
  return (
    <>
      <h1 className="sr-only">{storeName}: fashion for India</h1>
      <PromotionBanner promotions={promotions} />
      {sections.length === 0 ? (
        <EmptyState
          headingLevel="h2"
          heading="New arrivals are on their way"
          body="Browse the whole catalogue in the meantime."
          actions={[{ label: 'Shop all products', href: '/shop' }]}
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
