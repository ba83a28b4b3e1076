import type { Image, ProductDetail, ProductSummary } from '@vastra/contracts';
import { Link } from '@/i18n/navigation';
import { useTranslations } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { CheckDelivery } from '@/components/check-delivery';
import { Breadcrumbs, dedupeCrumbs } from '@/components/ui/breadcrumbs';
import { MediaImage } from '@/components/ui/media-image';
import { ProductRail } from '@/components/ui/product-rail';
import { RatingBadge } from '@/components/ui/rating-badge';
import { isVideo } from '@/lib/media';
import { ProductGallery, type GalleryItem } from './product-gallery';
import { ProductJsonLd } from './product-json-ld';
import { PurchasePanel } from './purchase-panel';

const categoryHref = (slug: string) => `/category/${encodeURIComponent(slug)}`;

/**
 * The gallery's items with their photos rendered here (a placeholder when there are none). The
 * large view of the first one is preloaded when the gallery opens on it.
 */
function galleryItems(media: Image[], name: string, imageAlt: (index: number, count: number) => string): GalleryItem[] {
  const items = media.length > 0 ? media : [{ url: '', isPrimary: true }];
  const count = items.length;
  const opensOnFirst = items.findIndex((m) => m.isPrimary) <= 0;
  return items.map(({ url, isPrimary }, i) =>
    isVideo(url)
      ? { url, isPrimary, thumbnail: null, view: null }
      : {
          url,
          isPrimary,
          thumbnail: <MediaImage url={url} alt="" sizes="64px" />,
          view: (
            <MediaImage
              url={url || null}
              alt={count > 1 ? imageAlt(i + 1, count) : name}
              sizes="(min-width: 1024px) 448px, 100vw"
              preload={i === 0 && opensOnFirst}
            />
          ),
        },
  );
}

/** The product page: gallery, price and selectors, details, description, reviews, related products. */
export function ProductTemplate({
  product,
  related,
  reviews,
}: {
  product: ProductDetail;
  /** Loaded in parallel and streamed in; an empty list when the call fails (behaviour.md §7). */
  related: Promise<ProductSummary[]>;
  /** The reviews section, handed in by the page (another feature). */
  reviews?: React.ReactNode;
}) {
  const t = useTranslations('product');
  const tUi = useTranslations('common.ui');
  const details: [string, React.ReactNode][] = [
    [
      t('details.brand'),
      <Link
        key="brand"
        href={`/shop?brands=${encodeURIComponent(product.brand)}`}
        className="text-brand-700 hover:underline"
      >
        {product.brand}
      </Link>,
    ],
    [t('details.category'), product.categoryPath.map((c) => c.name).join(' › ') || product.category.name],
    [t('details.colour'), product.color],
    [t('details.gender'), product.gender],
  ];
  if (product.usage) details.push([t('details.occasion'), product.usage]);
  if (product.season) details.push([t('details.season'), product.season]);
  if (product.collections.length > 0) {
    details.push([
      t('details.collections'),
      <span key="collections" className="flex flex-wrap gap-x-2">
        {product.collections.map((c, i) => (
          <span key={c.slug}>
            <Link href={`/collections/${encodeURIComponent(c.slug)}`} className="text-brand-700 hover:underline">
              {c.name}
            </Link>
            {i < product.collections.length - 1 ? ',' : ''}
          </span>
        ))}
      </span>,
    ]);
  }

  return (
    <div className="mx-auto max-w-7xl px-4 pt-4 pb-8 sm:pt-6">
      <ProductJsonLd product={product} />
      <Breadcrumbs
        items={dedupeCrumbs([
          { label: tUi('home'), href: '/' },
          { label: tUi('shop'), href: '/shop' },
          ...product.categoryPath.map((c) => ({ label: c.name, href: categoryHref(c.slug) })),
          { label: product.name },
        ])}
      />
      <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-12">
        <ProductGallery
          items={galleryItems(product.images, product.name, (index, count) =>
            t('gallery.imageAlt', { name: product.name, index, count }),
          )}
          name={product.name}
        />
        <div>
          <p className="text-lg font-bold text-stone-900">{product.brand}</p>
          <h1 className="mt-1 text-xl leading-snug text-stone-700 sm:text-2xl">{product.name}</h1>
          <div className="mt-3">
            <RatingBadge average={product.rating.average} count={product.rating.count} size="lg" />
          </div>
          <hr className="my-5 border-stone-200" />
          <PurchasePanel product={product} />
          <CheckDelivery />
          <hr className="my-6 border-stone-200" />
          <section aria-labelledby="product-details">
            <h2 id="product-details" className="text-sm font-semibold tracking-wide text-stone-900 uppercase">
              {t('details.heading')}
            </h2>
            <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
              {details.map(([term, value]) => (
                <div key={term} className="contents">
                  <dt className="text-stone-600">{term}</dt>
                  <dd className="text-stone-900">{value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <LegalDetails product={product} />
          {product.description && (
            <section aria-labelledby="product-description" className="mt-6">
              <h2 id="product-description" className="text-sm font-semibold tracking-wide text-stone-900 uppercase">
                {t('details.description')}
              </h2>
              <div className="mt-3 space-y-3 text-sm leading-relaxed text-stone-700">
                {product.description.split(/\n{2,}/).map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
              </div>
            </section>
          )}
        </div>
      </div>
      {reviews}
      <Suspense fallback={<RelatedSkeleton />}>
        <RelatedProducts related={related} />
      </Suspense>
    </div>
  );
}

async function RelatedProducts({ related }: { related: Promise<ProductSummary[]> }) {
  const products = await related;
  if (products.length === 0) return null;
  const t = await getTranslations('product');
  return (
    <section aria-labelledby="related-products" className="mt-14">
      <h2 id="related-products" className="mb-5 text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl">
        {t('related')}
      </h2>
      <ProductRail products={products} label={t('related')} />
    </section>
  );
}

function RelatedSkeleton() {
  return (
    <div aria-hidden="true" className="mt-14">
      <div className="mb-5 h-7 w-48 rounded bg-stone-100" />
      <div className="flex gap-4 overflow-hidden">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="aspect-[3/4] w-40 shrink-0 rounded-lg bg-stone-100 sm:w-48" />
        ))}
      </div>
    </div>
  );
}

/**
 * The listing's legal details (behaviour.md "Policies and listing details"): the country of
 * origin always ("Not stated" when the store has not given it), the manufacturer or packer, the
 * importer and the net quantity when given. Server-rendered; the values are the store's own text.
 */
function LegalDetails({ product }: { product: ProductDetail }) {
  const t = useTranslations('product.legal');
  const rows: [string, string][] = [[t('countryOfOrigin'), product.countryOfOrigin ?? t('notStated')]];
  if (product.manufacturer) rows.push([t('manufacturer'), product.manufacturer]);
  if (product.importer) rows.push([t('importer'), product.importer]);
  if (product.netQuantity) rows.push([t('netQuantity'), product.netQuantity]);
  return (
    <section aria-labelledby="product-legal" className="mt-6">
      <h2 id="product-legal" className="text-sm font-semibold tracking-wide text-stone-900 uppercase">
        {t('heading')}
      </h2>
      <dl className="mt-3 grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-stone-600">{term}</dt>
            <dd className="whitespace-pre-line text-stone-900">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
