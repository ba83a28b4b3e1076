import { useTranslations } from 'next-intl';
import { ProductRail } from '@/components/ui/product-rail';
import { SectionHeading } from '@/components/ui/section-heading';
import type { RecentlyViewedProduct } from '@/lib/recently-viewed';

/**
 * The "Recently viewed" strip (behaviour.md §3) of the home and product pages: the products from the
 * shopper's recently viewed cookie, newest first, as product cards. Nothing when the list is empty.
 */
export function RecentlyViewedSection({
  products,
  className = '',
}: {
  products: RecentlyViewedProduct[];
  /** Spacing from what comes before, which differs by page. */
  className?: string;
}) {
  const t = useTranslations('common.ui');
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="recently-viewed" className={`mx-auto w-full max-w-7xl px-4 pb-8 ${className}`}>
      <SectionHeading id="recently-viewed" title={t('recentlyViewed')} />
      <ProductRail products={products} label={t('recentlyViewed')} />
    </section>
  );
}
