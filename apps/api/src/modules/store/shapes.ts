/**
 * The catalogue and coupons in the shapes of the Medusa v2 Store API (typed against
 * `@medusajs/types`), so the Medusa JS SDK and storefronts written for it read them. Medusa
 * amounts are numbers in the currency's main unit: rupees here, converted from paise only
 * in this file. Fields Medusa has and this store has not (barcodes, weights, sales channels)
 * are null; dates the catalogue does not keep are left out. Carts: ./cart-shape.ts.
 */
import type { HttpTypes } from '@medusajs/types';
import type { Image } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';
import type { VariantDetail } from '../catalog';
import type { Coupon } from '../coupons/service';
import type { StoreRegion } from './region';
import { includedTax } from './totals';

type Dates = 'created_at' | 'updated_at' | 'deleted_at';

/**
 * An interface as a plain object type, as JSON holds it. Medusa's types are interfaces, which
 * TypeScript does not let stand for the open objects of the response schemas; these can.
 */
export type Plain<T> = T extends (infer U)[] ? Plain<U>[] : T extends object ? { [K in keyof T]: Plain<T[K]> } : T;

export type StoreCalculatedPrice = Plain<NonNullable<HttpTypes.StoreProductVariant['calculated_price']>>;

export type StoreVariant = Plain<
  Omit<HttpTypes.StoreProductVariant, Dates | 'product'> & { calculated_price: StoreCalculatedPrice }
>;

/** A category as products carry it: the fields this store has. */
export type StoreProductCategoryRef = Pick<
  HttpTypes.StoreProductCategory,
  'id' | 'name' | 'handle' | 'parent_category_id'
>;

export type StoreProduct = Plain<
  Omit<HttpTypes.StoreProduct, 'variants' | 'categories'> & {
    variants: StoreVariant[];
    categories: StoreProductCategoryRef[];
  }
>;

/** A product of the catalogue, whichever service read it. Money in paise. */
export type ProductInput = {
  id: string;
  slug: string;
  name: string;
  brand: string;
  description: string | null;
  hsnCode: string | null;
  images: Image[];
  primaryImage: Image | null;
  /** From the broadest to the product's own (leaf) category. */
  categoryPath: { id: string; name: string; slug: string }[];
  variants: Omit<VariantDetail, 'product'>[];
};

/** A variant's price in the region: the selling price as calculated, the MRP as original. */
function calculatedPrice(
  variantId: string,
  pricePaise: number,
  mrpPaise: number,
  region: StoreRegion,
): StoreCalculatedPrice {
  const withoutTax = (paise: number) => paiseToRupees(paise - includedTax(paise, region.tax_rate));
  const onSale = pricePaise < mrpPaise;
  return {
    id: `${variantId}_${region.currency_code}`,
    is_calculated_price_price_list: onSale,
    is_calculated_price_tax_inclusive: region.is_tax_inclusive,
    calculated_amount: paiseToRupees(pricePaise),
    calculated_amount_with_tax: paiseToRupees(pricePaise),
    calculated_amount_without_tax: withoutTax(pricePaise),
    is_original_price_price_list: false,
    is_original_price_tax_inclusive: region.is_tax_inclusive,
    original_amount: paiseToRupees(mrpPaise),
    original_amount_with_tax: paiseToRupees(mrpPaise),
    original_amount_without_tax: withoutTax(mrpPaise),
    currency_code: region.currency_code,
    calculated_price: {
      id: null,
      price_list_id: null,
      price_list_type: onSale ? 'sale' : null,
      min_quantity: null,
      max_quantity: null,
    },
    original_price: { id: null, price_list_id: null, price_list_type: null, min_quantity: null, max_quantity: null },
  };
}

const sizeOptionId = (productId: string) => `${productId}_size`;
const colorOptionId = (productId: string) => `${productId}_color`;

/** A product with its variants priced for the region; `handle` is the slug, `subtitle` the brand. */
export function toStoreProduct(p: ProductInput, region: StoreRegion): StoreProduct {
  const images = p.images.map((image, rank) => ({ id: `${p.id}_image_${rank}`, url: image.url, rank }));
  const thumbnail = (p.primaryImage ?? p.images[0])?.url ?? null;
  const color = p.variants[0]?.color ?? null;
  const categories = p.categoryPath.map((c, i) => ({
    id: c.id,
    name: c.name,
    handle: c.slug,
    parent_category_id: i > 0 ? p.categoryPath[i - 1]!.id : null,
  }));
  return {
    id: p.id,
    title: p.name,
    handle: p.slug,
    subtitle: p.brand,
    description: p.description,
    is_giftcard: false,
    status: 'published',
    thumbnail,
    width: null,
    weight: null,
    length: null,
    height: null,
    origin_country: null,
    hs_code: p.hsnCode,
    mid_code: null,
    material: null,
    collection_id: null,
    type_id: null,
    discountable: true,
    external_id: null,
    created_at: null,
    updated_at: null,
    deleted_at: null,
    metadata: { brand: p.brand },
    categories: categories.slice(-1),
    images,
    options: [
      {
        id: sizeOptionId(p.id),
        title: 'Size',
        is_exclusive: false,
        values: p.variants.map((v) => ({ id: `${v.id}_size`, value: v.size, option_id: sizeOptionId(p.id) })),
      },
      ...(color
        ? [
            {
              id: colorOptionId(p.id),
              title: 'Color',
              is_exclusive: false,
              values: [{ id: `${p.id}_color_value`, value: color, option_id: colorOptionId(p.id) }],
            },
          ]
        : []),
    ],
    variants: p.variants.map((v, rank) => ({
      id: v.id,
      title: v.size,
      sku: v.sku,
      barcode: null,
      ean: null,
      upc: null,
      thumbnail,
      allow_backorder: false,
      manage_inventory: true,
      inventory_quantity: v.stock,
      hs_code: p.hsnCode,
      origin_country: null,
      mid_code: null,
      material: null,
      weight: null,
      length: null,
      height: null,
      width: null,
      variant_rank: rank,
      product_id: p.id,
      options: [
        { id: `${v.id}_size`, value: v.size, option_id: sizeOptionId(p.id) },
        { id: `${v.id}_color`, value: v.color, option_id: colorOptionId(p.id) },
      ],
      calculated_price: calculatedPrice(v.id, v.pricePaise, v.mrpPaise, region),
      metadata: null,
    })),
  };
}

/**
 * A running coupon as a Medusa promotion, with what a banner shows: the code, its
 * description and dates. A minimum order is a rule on the cart's item subtotal (rupees).
 */
export type StorePromotion = Plain<
  HttpTypes.StorePromotion & {
    description: string;
    starts_at: string | null;
    ends_at: string | null;
    application_method: HttpTypes.StorePromotion['application_method'] & {
      /** Most a percentage coupon takes off, in rupees; null = no cap. */
      max_discount_amount: number | null;
    };
  }
>;

export function toStorePromotion(c: Coupon, region: StoreRegion): StorePromotion {
  return {
    id: c.id,
    code: c.code,
    description: c.description,
    type: 'standard',
    is_automatic: false,
    is_tax_inclusive: true,
    status: 'active',
    starts_at: c.startsAt?.toISOString() ?? null,
    ends_at: c.endsAt?.toISOString() ?? null,
    application_method: {
      id: `${c.id}_method`,
      type: c.discountType,
      target_type: 'order',
      allocation: 'across',
      value: c.discountType === 'percentage' ? c.discountValue : paiseToRupees(c.discountValue),
      currency_code: region.currency_code,
      max_discount_amount: c.maxDiscountPaise === null ? null : paiseToRupees(c.maxDiscountPaise),
    },
    rules:
      c.minOrderPaise > 0
        ? [
            {
              id: `${c.id}_min_subtotal`,
              description: `Item subtotal of at least ${paiseToRupees(c.minOrderPaise)}`,
              attribute: 'item_subtotal',
              operator: 'gte',
              values: [{ id: `${c.id}_min_subtotal_value`, value: String(paiseToRupees(c.minOrderPaise)) }],
            },
          ]
        : [],
    created_at: c.createdAt.toISOString(),
    updated_at: c.createdAt.toISOString(),
    deleted_at: null,
  };
}
