/**
 * Prepared statements of the product page. The product page is the busiest read of a store;
 * preparing it lets PostgreSQL plan it once per connection instead of on every request
 * (planning cost three times the execution here). Keys: a product id (uuid) or slug.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, products } from './tables';

export type VariantJson = {
  id: string;
  sku: string;
  size: string;
  color: string;
  price_paise: number;
  mrp_paise: number;
  stock: number;
};

export function prepareProductQueries(db: Db) {
  const fields = {
    id: products.id,
    slug: products.slug,
    name: products.name,
    brand: products.brand,
    gender: products.gender,
    color: products.color,
    price_paise: products.pricePaise,
    mrp_paise: products.mrpPaise,
    discount_percent: products.discountPercent,
    rating_average: products.ratingAverage,
    rating_count: products.ratingCount,
    images: products.images,
    sizes: products.sizes,
    in_stock: products.inStock,
    category_id: categories.id,
    category_name: categories.name,
    category_slug: categories.slug,
    name_hi: products.nameHi,
    category_name_hi: categories.nameHi,
    description_hi: products.descriptionHi,
    description: products.description,
    hsn_code: products.hsnCode,
    country_of_origin: products.countryOfOrigin,
    manufacturer: products.manufacturer,
    importer: products.importer,
    net_quantity: products.netQuantity,
    season: products.season,
    usage: products.usage,
    year: products.year,
    variants: sql<VariantJson[] | null>`(
      SELECT json_agg(json_build_object('id', v.id, 'sku', v.sku, 'size', v.size, 'color', v.color,
               'price_paise', v.price_paise, 'mrp_paise', v.mrp_paise, 'stock', v.stock) ORDER BY v.position, v.sku)
      FROM variants v WHERE v.product_id = ${products.id})`,
    collection_ids: sql<string[] | null>`(
      SELECT json_agg(pc.collection_id) FROM product_collections pc WHERE pc.product_id = ${products.id})`,
  };
  const select = () => db.select(fields).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
  return {
    byId: select()
      .where(and(eq(products.id, sql.placeholder('key')), eq(products.isActive, true)))
      .prepare('catalog_product_by_id'),
    bySlug: select()
      .where(and(eq(products.slug, sql.placeholder('key')), eq(products.isActive, true)))
      .prepare('catalog_product_by_slug'),
  };
}
