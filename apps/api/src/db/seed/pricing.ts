/**
 * Prices, size runs and ratings of the seeded styles, taken from real priced Myntra listings
 * (the styles file has none). For each style the candidates are, first level that has any:
 *
 * 1. `article+gender`  listings of the same article type and gender;
 * 2. `article`         the same article type, any gender;
 * 3. `subCategory`     the same sub category (listings of that gender if there are some);
 * 4. `masterCategory`  the same master category (likewise);
 * 5. `default`         none: MRP ₹999, price ₹699, one size "Free Size".
 *
 * A listing's article type is its Myntra slug ("casual-shoes"), matched to the slugified
 * articleType ("Casual Shoes"); its sub and master category are those most styles of that
 * article type have. One candidate is picked by the FNV-1a hash of the style id, and its MRP,
 * selling price, size run and (if it has one) rating are used. Money is integer paise.
 */
import type { Listing, StyleRow } from './source';
import { slugify } from '../../modules/catalog';
import { hash, pick } from './text';

export const PRICE_LEVELS = ['article+gender', 'article', 'subCategory', 'masterCategory', 'default'] as const;
export type PriceLevel = (typeof PRICE_LEVELS)[number];

export type Pricing = {
  mrpPaise: number;
  pricePaise: number;
  sizes: string[];
  ratingAverage: number;
  ratingCount: number;
  level: PriceLevel;
};

const DEFAULT_PRICE = { mrpPaise: 99_900, pricePaise: 69_900, sizes: ['Free Size'] };

type Style = Pick<StyleRow, 'id' | 'gender' | 'masterCategory' | 'subCategory' | 'articleType'>;

function add<K>(map: Map<K, Listing[]>, key: K, listing: Listing): void {
  const list = map.get(key);
  if (list) list.push(listing);
  else map.set(key, [listing]);
}

/** Rating of a listing when it has one, else 3.5–4.7 stars from 5–900 ratings by hash. */
function ratingOf(listing: Listing | null, styleId: string): Pick<Pricing, 'ratingAverage' | 'ratingCount'> {
  if (listing?.rating) return { ratingAverage: Math.round(listing.rating * 10) / 10, ratingCount: listing.ratingCount };
  const h = hash(`rating:${styleId}`);
  return { ratingAverage: (35 + (h % 13)) / 10, ratingCount: 5 + ((h >>> 8) % 896) };
}

/**
 * Builds the pricer. `allStyles` (the whole styles file) only decides which sub and master
 * category each listing slug belongs to, so the 400-product store and the full import price
 * the same style the same way.
 */
export function createPricer(listings: readonly Listing[], allStyles: readonly Style[]): (style: Style) => Pricing {
  const placeCounts = new Map<string, Map<string, number>>();
  for (const s of allStyles) {
    const slug = slugify(s.articleType);
    const counts = placeCounts.get(slug) ?? new Map<string, number>();
    const place = `${s.masterCategory}|${s.subCategory}`;
    counts.set(place, (counts.get(place) ?? 0) + 1);
    placeCounts.set(slug, counts);
  }
  const placeOf = (slug: string): [string, string] | null => {
    const counts = placeCounts.get(slug);
    if (!counts) return null;
    const best = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0];
    return best.split('|') as [string, string];
  };

  const byArticle = new Map<string, Listing[]>();
  const byArticleGender = new Map<string, Listing[]>();
  const bySub = new Map<string, Listing[]>();
  const bySubGender = new Map<string, Listing[]>();
  const byMaster = new Map<string, Listing[]>();
  const byMasterGender = new Map<string, Listing[]>();
  for (const l of listings) {
    add(byArticle, l.articleSlug, l);
    for (const g of l.genders) add(byArticleGender, `${l.articleSlug}|${g}`, l);
    const place = placeOf(l.articleSlug);
    if (!place) continue;
    const [master, sub] = place;
    add(bySub, `${master}|${sub}`, l);
    add(byMaster, master, l);
    for (const g of l.genders) {
      add(bySubGender, `${master}|${sub}|${g}`, l);
      add(byMasterGender, `${master}|${g}`, l);
    }
  }

  const candidates = (s: Style): [PriceLevel, Listing[]] | null => {
    const g = s.gender;
    const slug = slugify(s.articleType);
    const sub = `${s.masterCategory}|${s.subCategory}`;
    const levels: [PriceLevel, Listing[] | undefined][] = [
      ['article+gender', byArticleGender.get(`${slug}|${g}`)],
      ['article', byArticle.get(slug)],
      ['subCategory', bySubGender.get(`${sub}|${g}`) ?? bySub.get(sub)],
      ['masterCategory', byMasterGender.get(`${s.masterCategory}|${g}`) ?? byMaster.get(s.masterCategory)],
    ];
    const found = levels.find((l): l is [PriceLevel, Listing[]] => !!l[1]?.length);
    return found ?? null;
  };

  return (s) => {
    const found = candidates(s);
    if (!found) return { ...DEFAULT_PRICE, ...ratingOf(null, s.id), level: 'default' };
    const [level, list] = found;
    const listing = pick(list, `price:${s.id}`);
    return {
      mrpPaise: listing.mrpPaise,
      pricePaise: listing.pricePaise,
      sizes: listing.sizes,
      ...ratingOf(listing, s.id),
      level,
    };
  };
}
