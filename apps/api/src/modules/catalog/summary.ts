/**
 * A product card (behaviour.md §3 Product summary): the columns every card reads, over
 * `products p` joined to its leaf `categories c`, and the card in rupees with absolute image URLs.
 */
import { sql } from 'drizzle-orm';
import type { CatalogLang, Gender, Image, ProductSummary } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';
import type { ImageJson } from './tables';

/** Columns every product card needs, over `products p` joined to its leaf `categories c`. */
export const SUMMARY_COLUMNS = sql`p.id, p.slug, p.name, p.brand, p.gender, p.color, p.price_paise, p.mrp_paise,
  p.discount_percent, p.rating_average, p.rating_count, p.images, p.sizes, p.in_stock,
  c.id AS category_id, c.name AS category_name, c.slug AS category_slug, p.name_hi, c.name_hi AS category_name_hi`;

export type SummaryRow = {
  id: string;
  slug: string;
  name: string;
  brand: string;
  gender: Gender;
  color: string;
  price_paise: number;
  mrp_paise: number;
  discount_percent: number;
  rating_average: number;
  rating_count: number;
  images: ImageJson[];
  sizes: string[];
  in_stock: boolean;
  category_id: string;
  category_name: string;
  category_slug: string;
  name_hi: string | null;
  category_name_hi: string | null;
};

/**
 * A text in `lang` (docs/behaviour.md "Catalogue languages"): the Hindi one when asked for and
 * written, else the English, field by field.
 */
export function inLang(lang: CatalogLang, english: string, hindi: string | null | undefined): string {
  return lang === 'hi' && hindi ? hindi : english;
}

/** Stored images with their paths made absolute by `mediaUrl`. */
export function toImages(images: ImageJson[], mediaUrl: (path: string) => string): Image[] {
  return images.map((i) => ({ url: mediaUrl(i.url), isPrimary: i.isPrimary }));
}

/** A product card from its row in `lang` (its name and category's); the primary image, or else the first, leads. */
export function toSummary(
  row: SummaryRow,
  mediaUrl: (path: string) => string,
  lang: CatalogLang = 'en',
): ProductSummary {
  const images = toImages(row.images, mediaUrl);
  return {
    id: row.id,
    slug: row.slug,
    name: inLang(lang, row.name, row.name_hi),
    brand: row.brand,
    gender: row.gender,
    color: row.color,
    category: {
      id: row.category_id,
      name: inLang(lang, row.category_name, row.category_name_hi),
      slug: row.category_slug,
    },
    price: paiseToRupees(row.price_paise),
    mrp: paiseToRupees(row.mrp_paise),
    discountPercent: row.discount_percent,
    isOnSale: row.discount_percent > 0,
    rating: { average: Math.round(Number(row.rating_average) * 10) / 10, count: row.rating_count },
    primaryImage: images.find((i) => i.isPrimary) ?? images[0] ?? null,
    sizes: row.sizes,
    inStock: row.in_stock,
  };
}
