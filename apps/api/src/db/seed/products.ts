/**
 * Turns one catalogue entry into the rows the writer stores: product columns, variants (one
 * per size, SKU `VST-<externalId>-<SIZE>`), collections and category key. Shared rules of the
 * seed and the import live here: composed descriptions, SKUs, deterministic stock, image
 * paths. Everything derives from the style id by hash, never from Math.random.
 */
import { discountPercent, type Gender } from '@vastra/contracts';
import type { ImageJson } from '../../modules/catalog/tables';
import type { BrandParser } from './brands';
import { pathKey } from './categories';
import { collectionsOf } from './content';
import { hsnCodeFor } from './hsn';
import type { PriceLevel, Pricing } from './pricing';
import { TEST_RECORDS, type StyleRow } from './source';
import type { ProductInput } from './writer';
import { buildSearchText, displayName, hash, singular, slugify } from './text';

/** Public paths of images; the API serves `data-sources/catalog` under `/media`. */
export const photoUrl = (id: string): string => `/media/products/${id}.jpg`;
export const PLACEHOLDER_URL = '/media/placeholder.svg';

/** Stock of a SKU: 0 for about one SKU in eight (so "out of stock" exists), else 1–40. */
function stockFor(sku: string): number {
  const h = hash(`stock:${sku}`);
  return h % 8 === 0 ? 0 : 1 + ((h >>> 3) % 40);
}

/** `VST-15970-FREE-SIZE`: upper case, anything but letters, digits and dots turned into "-". */
export function skuFor(externalId: string, size: string, taken: Set<string>): string {
  const code =
    size
      .toUpperCase()
      .replace(/[^A-Z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'ONE';
  let sku = `VST-${externalId}-${code}`;
  // Two sizes of one product could clean to the same code ("S/M" and "S-M").
  for (let n = 2; taken.has(sku); n++) sku = `VST-${externalId}-${code}-${n}`;
  taken.add(sku);
  return sku;
}

export function variantsFor(
  externalId: string,
  sizes: readonly string[],
  stock?: readonly number[],
): ProductInput['variants'] {
  const taken = new Set<string>();
  return sizes.map((size, i) => {
    const sku = skuFor(externalId, size, taken);
    return { sku, size, stock: stock ? stock[stock.length === 1 ? 0 : i]! : stockFor(sku) };
  });
}

export function productSlug(name: string, externalId: string): string {
  return [slugify(name), slugify(externalId)].filter(Boolean).join('-');
}

const USAGE_PHRASES: Record<string, string> = {
  Casual: 'for everyday wear',
  'Smart Casual': 'for smart casual wear',
  Sports: 'for sport',
  Ethnic: 'for festive and ethnic occasions',
  Formal: 'for formal occasions',
  Party: 'for parties',
  Travel: 'for travel',
  Home: 'for home',
};

const FOR_GENDER: Record<Gender, string> = {
  Men: 'for men',
  Women: 'for women',
  Boys: 'for boys',
  Girls: 'for girls',
  Unisex: 'for everyone',
};

/**
 * A plain description made only of the attributes, claiming nothing the data does not say:
 * "Navy Blue shirt for men from Turtle, for everyday wear. Fall 2011 collection."
 */
export function describe(p: {
  color: string;
  articleType: string;
  gender: Gender;
  brand: string;
  usage?: string | null;
  season?: string | null;
  year?: number | null;
}): string {
  const usage = p.usage ? USAGE_PHRASES[p.usage] : undefined;
  const first = `${p.color} ${singular(displayName(p.articleType))} ${FOR_GENDER[p.gender]} from ${p.brand}${usage ? `, ${usage}` : ''}.`;
  const when = [p.season, p.year].filter(Boolean).join(' ');
  return when ? `${first} ${when} collection.` : first;
}

type ProductFacts = {
  name: string;
  brand: string;
  gender: Gender;
  masterCategory: string;
  subCategory: string;
  articleType: string;
  color: string;
  usage: string | null;
  season: string | null;
  description: string;
};

export function searchTextFor(p: ProductFacts): string {
  const categoryNames = [p.masterCategory, p.subCategory, p.articleType];
  return buildSearchText(
    [
      p.name,
      p.brand,
      p.gender,
      ...categoryNames,
      ...categoryNames.map(displayName),
      p.color,
      p.usage,
      p.season,
      p.description,
    ],
    p.articleType,
  );
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
  const variants = variantsFor(s.id, price.sizes);
  const description = describe({ color, articleType: s.articleType, gender: s.gender, brand, usage, season, year });
  const facts: ProductFacts = { ...s, name, brand, color, usage, season, description };
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
      pricePaise: price.pricePaise,
      mrpPaise: price.mrpPaise,
      discountPercent: discountPercent(price.pricePaise, price.mrpPaise),
      ratingAverage: price.ratingAverage,
      ratingCount: price.ratingCount,
      images,
      sizes: price.sizes,
      sizesInStock: variants.filter((v) => v.stock > 0).map((v) => v.size),
      inStock: variants.some((v) => v.stock > 0),
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
