import type { ProductSummary } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { productHref } from '@/lib/product-href';
import { MediaImage } from './media-image';
import { PriceTag } from './price-tag';
import { RatingBadge } from './rating-badge';
import { WishlistHeart } from './wishlist-heart';

/** What a card shows of a product: any product summary, or the slimmer copy the recently viewed cookie keeps. */
export type ProductCardData = Pick<
  ProductSummary,
  'id' | 'name' | 'brand' | 'price' | 'mrp' | 'discountPercent' | 'inStock' | 'rating'
> & { primaryImage: { url: string } | null };

type ProductCardProps = {
  product: ProductCardData;
  /** Preload the image (the first cards above the fold). */
  preload?: boolean;
  sizes?: string;
  headingLevel?: 'h2' | 'h3';
};

/**
 * A product in a listing. The name is the one link (stretched over the card), so keyboard
 * and screen-reader users meet each product once; the wishlist heart sits above it.
 */
export function ProductCard({
  product,
  preload,
  sizes = '(min-width: 1280px) 240px, (min-width: 768px) 30vw, 50vw',
  headingLevel: Heading = 'h3',
}: ProductCardProps) {
  const t = useTranslations('common.ui');
  return (
    <article
      data-testid="product-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-lg bg-white transition-shadow hover:shadow-lg has-[a:focus-visible]:shadow-lg has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-700"
    >
      <div className="relative aspect-[3/4] overflow-hidden bg-stone-100">
        <MediaImage
          url={product.primaryImage?.url}
          alt={product.name}
          sizes={sizes}
          preload={preload}
          className="object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
        <div className="absolute top-2 right-2 z-10">
          <WishlistHeart productId={product.id} />
        </div>
        {!product.inStock && (
          <span className="absolute inset-x-0 bottom-0 bg-white/90 py-1 text-center text-xs font-semibold tracking-wide text-stone-800 uppercase">
            {t('outOfStock')}
          </span>
        )}
        {product.inStock && product.rating.count > 0 && (
          <div className="absolute bottom-2 left-2">
            <RatingBadge average={product.rating.average} count={product.rating.count} />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-0.5 px-2.5 pt-2.5 pb-3">
        <p className="truncate text-sm font-bold text-stone-900">{product.brand}</p>
        <Heading className="truncate text-sm font-normal text-stone-600">
          <Link
            href={productHref(product.id)}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {product.name}
          </Link>
        </Heading>
        <div className="mt-1">
          <PriceTag price={product.price} mrp={product.mrp} discountPercent={product.discountPercent} testId="price" />
        </div>
      </div>
    </article>
  );
}
