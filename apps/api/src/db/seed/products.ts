/**
 * Turns one catalogue entry into the rows the catalogue's writer stores: product columns,
 * variants (one per size), collections and category key. The rules every product follows
 * (slugs, SKUs, composed descriptions, search text) are the catalogue module's
 * (modules/catalog/product-rules.ts); the seed's own are deterministic stock and image paths.
 * Everything derives from the style id by hash, never from Math.random.
 */
import {
  describe,
  hsnCodeFor,
  listingOf,
  pathKey,
  PLACEHOLDER_URL,
  productSlug,
  searchTextFor,
  variantsFor,
  type ProductInput,
} from '../../modules/catalog';
import type { ImageJson } from '../../modules/catalog/tables';
import type { BrandParser } from './brands';
import { collectionsOf } from './content';
import type { PriceLevel, Pricing } from './pricing';
import { TEST_RECORDS, type StyleRow } from './source';
import { hash } from './text';

/** Public paths of images; the API serves `data-sources/catalog` under `/media`. */
export const photoUrl = (id: string): string => `/media/products/${id}.jpg`;

/** Stock of a SKU: 0 for about one SKU in eight (so "out of stock" exists), else 1–40. */
function stockFor(sku: string): number {
  const h = hash(`stock:${sku}`);
  return h % 8 === 0 ? 0 : 1 + ((h >>> 3) % 40);
}

/** Newer catalogue years are newer products: a fixed moment in the style's year, by hash. */
function createdAtFor(id: string, year: number | null): Date {
  const secondsInYear = 365 * 24 * 3600;
  return new Date(Date.UTC(year ?? 2007, 0, 1) + (hash(`created:${id}`) % secondsInYear) * 1000);
}

type StyleContext = {
  brandOf: BrandParser;
  priceOf: (style: StyleRow) => Pricing;
  photoIds: ReadonlySet<string>;
};

export function productFromStyle(s: StyleRow, ctx: StyleContext): ProductInput & { priceLevel: PriceLevel } {
  // Some source titles carry doubled spaces ("Army  Green Shorts").
  const name = s.productDisplayName.replace(/\s+/g, ' ').trim();
  const brand = ctx.brandOf(name);
  const color = s.baseColour.trim() || 'Multi';
  const usage = s.usage && s.usage !== 'NA' ? s.usage : null;
  const season = s.season || null;
  const year = s.year ? Number(s.year) : null;
  const price = ctx.priceOf(s);
  const variants = variantsFor(s.id, price.sizes, stockFor);
  const description = describe({ color, articleType: s.articleType, gender: s.gender, brand, usage, season, year });
  const facts = { ...s, name, brand, color, usage, season, description };
  const images: ImageJson[] = [{ url: ctx.photoIds.has(s.id) ? photoUrl(s.id) : PLACEHOLDER_URL, isPrimary: true }];
  return {
    product: {
      externalId: s.id,
      slug: productSlug(name, s.id),
      name,
      brand,
      description,
      gender: s.gender,
      color,
      season,
      usage,
      year,
      hsnCode: hsnCodeFor(s),
      ratingAverage: price.ratingAverage,
      ratingCount: price.ratingCount,
      images,
      ...listingOf(variants.map((v) => ({ ...v, pricePaise: price.pricePaise, mrpPaise: price.mrpPaise }))),
      searchText: searchTextFor(facts),
      createdAt: createdAtFor(s.id, year),
      status: TEST_RECORDS.has(s.id) ? 'draft' : 'active',
    },
    categoryKey: pathKey(s.masterCategory, s.subCategory, s.articleType),
    collectionSlugs: collectionsOf({ usage, season, articleType: s.articleType }),
    variants,
    priceLevel: price.level,
  };
}
