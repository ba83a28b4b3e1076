import type { ProductDetail } from '@vastra/contracts';
import { CURRENCY_CODE } from '@vastra/contracts';
import { JsonLd } from '@/components/ui/json-ld';
import { productHref } from '@/lib/product-href';
import { absoluteUrl } from '@/lib/config';
import { toMediaSrc } from '@/lib/media';

function absoluteMedia(url: string): string | null {
  const src = toMediaSrc(url);
  if (!src) return null;
  return src.startsWith('/') ? absoluteUrl(src) : src;
}

/** schema.org Product with its offer in INR, availability, brand and rating; plus the breadcrumb trail. */
export function ProductJsonLd({ product }: { product: ProductDetail }) {
  const url = absoluteUrl(productHref(product.id));
  const images = product.images.map((i) => absoluteMedia(i.url)).filter((u): u is string => u !== null);
  const prices = product.variants.map((v) => v.price);
  const inStock = product.variants.length > 0 ? product.variants.some((v) => v.inStock) : product.inStock;
  const availability = `https://schema.org/${inStock ? 'InStock' : 'OutOfStock'}`;
  const offers =
    prices.length > 1 && Math.min(...prices) !== Math.max(...prices)
      ? {
          '@type': 'AggregateOffer',
          priceCurrency: CURRENCY_CODE,
          lowPrice: Math.min(...prices),
          highPrice: Math.max(...prices),
          offerCount: prices.length,
          availability,
          url,
        }
      : {
          '@type': 'Offer',
          priceCurrency: CURRENCY_CODE,
          price: product.price,
          availability,
          itemCondition: 'https://schema.org/NewCondition',
          url,
        };

  const productData: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    '@id': url,
    name: product.name,
    description: product.description,
    sku: product.variants[0]?.sku ?? product.id,
    productID: product.id,
    url,
    image: images,
    brand: { '@type': 'Brand', name: product.brand },
    category: product.categoryPath.map((c) => c.name).join(' > '),
    color: product.color,
    offers,
  };
  if (product.rating.count > 0) {
    productData.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.rating.average,
      ratingCount: product.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
  }

  const crumbs = [
    { name: 'Home', path: '/' },
    { name: 'Shop', path: '/shop' },
    ...product.categoryPath.map((c) => ({ name: c.name, path: `/category/${encodeURIComponent(c.slug)}` })),
    { name: product.name, path: productHref(product.id) },
  ];
  const breadcrumbData = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      item: absoluteUrl(c.path),
    })),
  };

  return (
    <>
      <JsonLd data={productData} />
      <JsonLd data={breadcrumbData} />
    </>
  );
}
