import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { cache, Suspense } from 'react';
import { productHref } from '@/lib/product-href';
import { RecentlyViewedSection } from '@/features/browsing-history/recently-viewed-section';
import { RecordProductView } from '@/features/browsing-history/record-product-view';
import { ProductTemplate } from '@/features/product/product-template';
import { ReviewsSection, ReviewsSkeleton } from '@/features/reviews/reviews-section';
import { isNotFound } from '@/lib/api/server/client';
import { getProduct, getRelatedProducts } from '@/lib/api/server/products';
import { getFirstReviewsPage } from '@/lib/api/server/reviews';
import { formatPrice } from '@/lib/format';
import { toMediaSrc } from '@/lib/media';
import { getRecentlyViewed } from '@/lib/recently-viewed-server';
import { pageMetadata, truncateDescription } from '@/lib/seo';

type Props = { params: Promise<{ id: string }> };

/** The product or notFound(); shared by the metadata and the page within one request. */
const loadProduct = cache(async (id: string) => {
  try {
    return await getProduct(id);
  } catch (error) {
    if (isNotFound(error)) notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const product = await loadProduct((await params).id);
  const image = toMediaSrc(product.primaryImage?.url ?? product.images[0]?.url);
  const t = await getTranslations('product.metadata');
  const facts = {
    name: product.name,
    brand: product.brand,
    price: formatPrice(product.price),
    percent: product.discountPercent,
    mrp: formatPrice(product.mrp),
    description: product.description,
  };
  return pageMetadata({
    title: product.name,
    description: truncateDescription(t(product.discountPercent > 0 ? 'discountedDescription' : 'description', facts)),
    path: productHref(product.id),
    images: image ? [{ url: image, alt: product.name }] : undefined,
  });
}

export default async function ProductPage({ params }: Props) {
  const { id } = await params;
  const related = getRelatedProducts(id);
  const firstReviews = getFirstReviewsPage(id);
  const [product, recentlyViewed] = await Promise.all([loadProduct(id), getRecentlyViewed()]);
  return (
    <>
      <ProductTemplate
        product={product}
        related={related}
        reviews={
          <Suspense fallback={<ReviewsSkeleton />}>
            <ReviewsSection productId={product.id} firstPage={firstReviews} />
          </Suspense>
        }
      />
      <RecentlyViewedSection products={recentlyViewed.filter((p) => p.id !== product.id)} className="pt-6" />
      <RecordProductView productId={product.id} />
    </>
  );
}
