/**
 * Reads the vendored catalogue in `data-sources/catalog` (see its README for sources and
 * licences): the Myntra styles, the ids that have a photo, and the real priced Myntra
 * listings reduced to what the seed needs. Listing prices are converted from rupees to
 * integer paise here. Throws if a file is missing or lacks a column it needs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { GENDERS, type Gender } from '@vastra/contracts';

/** `data-sources/catalog` at the repository root; the API serves it under `/media`. */
export const CATALOG_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../data-sources/catalog',
);

/**
 * Styles that are Myntra's test records, not products: seeded (so the counts match the data)
 * but inactive, so the shop never shows them, and never used as a showcase photo.
 */
export const TEST_RECORDS: ReadonlyMap<string, string> = new Map([
  ['12348', 'titled "test dispName"; its photo shows a shirt, the row a green handbag'],
  ['24078', 'titled "productDisplayName"'],
  ['28319', 'titled "RTV_LoadTest"'],
  ['53822', 'titled "Ayaanay_Women_New_2013_Tunics_Size_Chart.jpg"'],
  ['53824', 'titled "Ayaanay_Women_New_2013_Tunics_Size_Chart.jpg"'],
]);

export type StyleRow = {
  id: string;
  gender: Gender;
  masterCategory: string;
  subCategory: string;
  articleType: string;
  baseColour: string;
  season: string;
  year: string;
  usage: string;
  productDisplayName: string;
};

/** One real priced Myntra listing: the source of a style's MRP, price, size run and rating. */
export type Listing = {
  /** Where it came from, for debugging: `clothing:<Product_id>` or `listing:<line>`. */
  ref: string;
  /** Myntra's product type slug ("tshirts", "casual-shoes"). */
  articleSlug: string;
  /** Genders it is sold for; empty when the source does not say. */
  genders: Gender[];
  mrpPaise: number;
  pricePaise: number;
  sizes: string[];
  /** Average rating out of 5, or null when not yet rated. */
  rating: number | null;
  ratingCount: number;
  brand: string;
};

const STYLE_COLUMNS = [
  'id',
  'gender',
  'masterCategory',
  'subCategory',
  'articleType',
  'baseColour',
  'season',
  'year',
  'usage',
  'productDisplayName',
];

function readCsv(file: string, required: readonly string[]): Record<string, string>[] {
  const rows = parse(fs.readFileSync(file), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const missing = required.filter((c) => rows.length > 0 && !(c in rows[0]!));
  if (missing.length) throw new Error(`${file} lacks the column(s) ${missing.join(', ')}`);
  return rows;
}

function isGender(value: string): value is Gender {
  return (GENDERS as readonly string[]).includes(value);
}

export function readStyles(file: string): StyleRow[] {
  return readCsv(file, STYLE_COLUMNS).map((r, i) => {
    if (!isGender(r.gender!)) throw new Error(`${file} row ${i + 2}: unknown gender "${r.gender}"`);
    return r as StyleRow;
  });
}

/** Ids of the styles with a photo in `<dir>/images/<id>.jpg`. */
export function readPhotoIds(dir: string): Set<string> {
  return new Set(
    fs
      .readdirSync(path.join(dir, 'images'))
      .filter((f) => f.endsWith('.jpg'))
      .map((f) => f.slice(0, -4)),
  );
}

/** "S, M, L" or "S,M,L" → ["S", "M", "L"]; Myntra's "Onesize" becomes "Free Size". */
function parseSizes(text: string): string[] {
  const sizes = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (s.toLowerCase() === 'onesize' ? 'Free Size' : s));
  return sizes.length ? [...new Set(sizes)] : ['Free Size'];
}

const rupees = (text: string | undefined): number => Math.round(Number(text) * 100);

/** Ratings of 0 mean "not yet rated" in the listing sample. */
function rating(avg: string | undefined, count: string | undefined): Pick<Listing, 'rating' | 'ratingCount'> {
  const a = Number(avg);
  const c = Number(count);
  return a > 0 && c > 0 ? { rating: a, ratingCount: Math.round(c) } : { rating: null, ratingCount: 0 };
}

const LINK_GENDERS: Record<string, Gender[]> = {
  men: ['Men'],
  women: ['Women'],
  boys: ['Boys'],
  girls: ['Girls'],
  unisex: ['Unisex'],
  kids: ['Boys', 'Girls'],
};

/**
 * The gender of a listing of the sample file: the first gender word of its URL slug
 * ("roadster-men-navy-…" → Men), else of its short title ("Men Striped Sliders"); "kids"
 * counts as both Boys and Girls.
 */
function listingGenders(link: string, name: string): Gender[] {
  for (const text of [link.split('/')[2] ?? '', name]) {
    const word = text
      .toLowerCase()
      .split(/[^a-z]+/)
      .find((w) => w in LINK_GENDERS);
    if (word) return LINK_GENDERS[word]!;
  }
  return [];
}

/**
 * Both priced files as listings. Clothing file: selling price = `DiscountPrice (in Rs)`, or the
 * mirror's computed `Discount price` where the former is empty. Sample file: `discounted_price`.
 * A selling price above the MRP (none in the current files) is capped at the MRP.
 */
export function readListings(dir: string): Listing[] {
  const clothing = readCsv(path.join(dir, 'myntra_fashion_clothing_priced.csv'), [
    'Product_id',
    'BrandName',
    'Individual_category',
    'category_by_Gender',
    'DiscountPrice (in Rs)',
    'OriginalPrice (in Rs)',
    'SizeOption',
    'Ratings',
    'Reviews',
    'Discount price',
  ]).map((r): Listing => {
    const mrpPaise = rupees(r['OriginalPrice (in Rs)']);
    const gender = r.category_by_Gender!;
    return {
      ref: `clothing:${r.Product_id}`,
      articleSlug: r.Individual_category!,
      genders: isGender(gender) ? [gender] : [],
      mrpPaise,
      pricePaise: Math.min(mrpPaise, rupees(r['DiscountPrice (in Rs)'] || r['Discount price'])),
      sizes: parseSizes(r.SizeOption!),
      ...rating(r.Ratings, r.Reviews),
      brand: r.BrandName!.trim(),
    };
  });
  const sample = readCsv(path.join(dir, 'myntra_listing_priced_sample.csv'), [
    'product_name',
    'brand_name',
    'rating',
    'rating_count',
    'marked_price',
    'discounted_price',
    'sizes',
    'product_link',
    'product_tag',
  ]).map((r, i): Listing => {
    const mrpPaise = rupees(r.marked_price);
    return {
      ref: `listing:${i + 2}`,
      articleSlug: r.product_tag!,
      genders: listingGenders(r.product_link!, r.product_name!),
      mrpPaise,
      pricePaise: Math.min(mrpPaise, rupees(r.discounted_price)),
      sizes: parseSizes(r.sizes!),
      ...rating(r.rating, r.rating_count),
      brand: r.brand_name!.trim(),
    };
  });
  const all = [...clothing, ...sample];
  const broken = all.find((l) => !(l.mrpPaise > 0 && l.pricePaise > 0));
  if (broken) throw new Error(`Priced listing ${broken.ref} has no usable MRP or price`);
  return all;
}
