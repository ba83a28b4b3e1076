import type { ReviewsPage } from '@vastra/contracts';
import { ProductReviews } from './product-reviews';

/**
 * The reviews of the product page, streamed in once their first page has loaded on the server
 * (so they are in the HTML search engines read). Wrap it in Suspense with ReviewsSkeleton.
 */
export async function ReviewsSection({
  productId,
  firstPage,
}: {
  productId: string;
  /** The first page, or null when the call failed (the browser then tries again). */
  firstPage: Promise<ReviewsPage | null>;
}) {
  return <ProductReviews productId={productId} initial={await firstPage} />;
}

export function ReviewsSkeleton() {
  return (
    <div aria-hidden="true" className="mt-14 border-t border-stone-200 pt-10">
      <div className="h-7 w-56 rounded bg-stone-100" />
      <div className="mt-6 h-40 max-w-md rounded bg-stone-100" />
    </div>
  );
}
