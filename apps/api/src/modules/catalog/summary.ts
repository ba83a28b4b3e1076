/**
 * A product card (behaviour.md §3 Product summary): the columns every card reads, over
 * `products p` joined to its leaf `categories c`, and the card in rupees with absolute image URLs.
 */
import { sql } from 'drizzle-orm';
import type { Gender, Image, ProductSummary } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';
import type { ImageJson } from './tables';

/** Columns every product card needs, over `products p` joined to its leaf `categories c`. */
export const SUMMARY_COLUMNS = sql`p.id, p.slug, p.name, p.brand, p.gender, p.color, p.price_paise, p.mrp_paise,
  p.discount_percent, p.rating_average, p.rating_count, p.images, p.sizes, p.in_stock,
  c.id AS category_id, c.name AS category_name, c.slug AS category_slug`;

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
};

/** Stored images with their paths made absolute by `mediaUrl`. */
export function toImages(images: ImageJson[], mediaUrl: (path: string) => string): Image[] {
  return images.map((i) => ({ url: mediaUrl(i.url), isPrimary: i.isPrimary }));
}

/** A product card from its row; the primary image, or else the first, leads. */
export function toSummary(row: SummaryRow, mediaUrl: (path: string) => string): ProductSummary {
  const images = toImages(row.images, mediaUrl);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    gender: row.gender,
    color: row.color,
    category: { id: row.category_id, name: row.category_name, slug: row.category_slug },
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
