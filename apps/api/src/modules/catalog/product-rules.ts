/**
 * How a product's derived fields are made, the same for the admin's editor, the CSV import and
 * the seed (so an export imported again changes nothing): its URL slug, its SKUs
 * (`VST-<externalId>-<SIZE>`), the listing columns its sizes decide, a description composed
 * from its attributes when it has none, and its search text. Pure, no I/O.
 */
import { discountPercent, type Gender } from '@vastra/contracts';
import type { ProductInput } from './product-writer';
import { buildSearchText, displayName, singular, slugify } from './product-text';

/** The image of a product without a photo of its own. */
export const PLACEHOLDER_URL = '/media/placeholder.svg';

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

/** One variant per size, in order, each with its SKU and the stock `stockOf` gives it. */
export function variantsFor(
  externalId: string,
  sizes: readonly string[],
  stockOf: (sku: string, index: number) => number,
): ProductInput['variants'] {
  const taken = new Set<string>();
  return sizes.map((size, i) => {
    const sku = skuFor(externalId, size, taken);
    return { sku, size, stock: stockOf(sku, i) };
  });
}

/**
 * A product's listing columns, which the storefront's list and filters read, from its sizes in
 * their order: the lowest price (paise) and that size's MRP, the discount, the sizes, those in
 * stock, and whether any is. No sizes: price 0, not in stock.
 */
export function listingOf(sizes: readonly { size: string; pricePaise: number; mrpPaise: number; stock: number }[]) {
  const lowest = sizes.reduce<(typeof sizes)[number] | undefined>(
    (min, s) => (!min || s.pricePaise < min.pricePaise ? s : min),
    undefined,
  );
  const pricePaise = lowest?.pricePaise ?? 0;
  const mrpPaise = lowest?.mrpPaise ?? 0;
  return {
    pricePaise,
    mrpPaise,
    discountPercent: discountPercent(pricePaise, mrpPaise),
    sizes: sizes.map((s) => s.size),
    sizesInStock: sizes.filter((s) => s.stock > 0).map((s) => s.size),
    inStock: sizes.some((s) => s.stock > 0),
  };
}

/** `navy-shirt-15970`: the name's slug, then the external id's. */
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

/** What a product's search text is made of; category names as the data names them ("Tshirts"). */
export type ProductFacts = {
  name: string;
  brand: string;
  gender: string;
  masterCategory: string;
  subCategory: string;
  articleType: string;
  color: string;
  usage: string | null;
  season: string | null;
  description: string;
};

/** The `search_text` of a product (see buildSearchText): its facts, and its categories under both names. */
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
