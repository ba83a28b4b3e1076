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
import { project, relation, type Picked, type Relation, type Resource, type Selection } from './fields';
import type { StoreRegion } from './region';
import { includedTax } from './totals';

/**
 * An interface as a plain object type, as JSON holds it. Medusa's types are interfaces, which
 * TypeScript does not let stand for the open objects of the response schemas; these can.
 */
export type Plain<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Plain<U>[]
    : T extends object
      ? { [K in keyof T]: Plain<T[K]> }
      : T;

/** How each Medusa field of `T` is made from `S`: a value, or a relation (`./fields`). Checked against Medusa's types. */
export type Fields<S, T> = { [K in keyof T]?: ((source: S) => Plain<T[K]>) | Relation<S> };

/** A resource whose field names and values are Medusa's (`T`). */
export function resource<S, T>(fields: Fields<S, T>, defaults: readonly string[], whole = false): Resource<S> {
  return { fields: fields as Resource<S>['fields'], defaults, whole };
}

/** A product of the catalogue, whichever service read it. Money in paise. */
export type ProductInput = {
  id: string;
  slug: string;
  name: string;
  brand: string;
  description: string | null;
  hsnCode: string | null;
  /** Where the goods were made (the listing's legal details); null or absent: not stated. */
  countryOfOrigin?: string | null;
  images: Image[];
  primaryImage: Image | null;
  /** From the broadest to the product's own (leaf) category. */
  categoryPath: { id: string; name: string; slug: string }[];
  variants: Omit<VariantDetail, 'product'>[];
};

/** A product in a region: what its store shape is made from. */
export type ProductSource = { product: ProductInput; region: StoreRegion };
type VariantInput = ProductInput['variants'][number];
type VariantSource = ProductSource & { variant: VariantInput; rank: number };
type PriceSource = { variantId: string; pricePaise: number; mrpPaise: number; region: StoreRegion };

const sizeOptionId = (productId: string) => `${productId}_size`;
const colorOptionId = (productId: string) => `${productId}_color`;
const thumbnailOf = (p: ProductInput) => (p.primaryImage ?? p.images[0])?.url ?? null;
const withoutTax = (paise: number, region: StoreRegion) => paiseToRupees(paise - includedTax(paise, region.tax_rate));

type PriceRef = NonNullable<HttpTypes.StoreProductVariant['calculated_price']>['calculated_price'];

/** The price (list) a calculated price came from: none here but the sale flag. */
const priceRef = (saleWhen: (s: PriceSource) => boolean) =>
  resource<PriceSource, PriceRef>(
    {
      id: () => null,
      price_list_id: () => null,
      price_list_type: (s) => (saleWhen(s) ? 'sale' : null),
      min_quantity: () => null,
      max_quantity: () => null,
    },
    [],
    true,
  );

/** A variant's price in the region: the selling price as calculated, the MRP as original. */
const calculatedPrice = resource<PriceSource, NonNullable<HttpTypes.StoreProductVariant['calculated_price']>>(
  {
    id: (s) => `${s.variantId}_${s.region.currency_code}`,
    is_calculated_price_price_list: (s) => s.pricePaise < s.mrpPaise,
    is_calculated_price_tax_inclusive: (s) => s.region.is_tax_inclusive,
    calculated_amount: (s) => paiseToRupees(s.pricePaise),
    calculated_amount_with_tax: (s) => paiseToRupees(s.pricePaise),
    calculated_amount_without_tax: (s) => withoutTax(s.pricePaise, s.region),
    is_original_price_price_list: () => false,
    is_original_price_tax_inclusive: (s) => s.region.is_tax_inclusive,
    original_amount: (s) => paiseToRupees(s.mrpPaise),
    original_amount_with_tax: (s) => paiseToRupees(s.mrpPaise),
    original_amount_without_tax: (s) => withoutTax(s.mrpPaise, s.region),
    currency_code: (s) => s.region.currency_code,
    calculated_price: relation(
      priceRef((s) => s.pricePaise < s.mrpPaise),
      (s: PriceSource) => s,
    ),
    original_price: relation(
      priceRef(() => false),
      (s: PriceSource) => s,
    ),
  },
  [],
  true,
);

type OptionValueSource = { id: string; value: string; optionId: string };
const optionValue = resource<OptionValueSource, HttpTypes.StoreProductOptionValue>(
  { id: (s) => s.id, value: (s) => s.value, option_id: (s) => s.optionId },
  [],
);

/** A size of a product; its options are its size and the product's colour. */
export const variantResource = resource<VariantSource, HttpTypes.StoreProductVariant>(
  {
    id: (s) => s.variant.id,
    title: (s) => s.variant.size,
    sku: (s) => s.variant.sku,
    barcode: () => null,
    ean: () => null,
    upc: () => null,
    thumbnail: (s) => thumbnailOf(s.product),
    allow_backorder: () => false,
    manage_inventory: () => true,
    inventory_quantity: (s) => s.variant.stock,
    hs_code: (s) => s.product.hsnCode,
    origin_country: (s) => s.product.countryOfOrigin ?? null,
    mid_code: () => null,
    material: () => null,
    weight: () => null,
    length: () => null,
    height: () => null,
    width: () => null,
    variant_rank: (s) => s.rank,
    product_id: (s) => s.product.id,
    metadata: () => null,
    options: relation(optionValue, (s: VariantSource): OptionValueSource[] => [
      { id: `${s.variant.id}_size`, value: s.variant.size, optionId: sizeOptionId(s.product.id) },
      { id: `${s.variant.id}_color`, value: s.variant.color, optionId: colorOptionId(s.product.id) },
    ]),
    calculated_price: relation(calculatedPrice, (s: VariantSource): PriceSource => ({
      variantId: s.variant.id,
      pricePaise: s.variant.pricePaise,
      mrpPaise: s.variant.mrpPaise,
      region: s.region,
    })),
  },
  [],
);

type OptionSource = { id: string; title: string; values: OptionValueSource[] };
const productOption = resource<OptionSource, HttpTypes.StoreProductOption>(
  {
    id: (s) => s.id,
    title: (s) => s.title,
    is_exclusive: () => false,
    values: relation(optionValue, (s: OptionSource) => s.values),
  },
  [],
);

type ImageSource = { productId: string; url: string; rank: number };
const image = resource<ImageSource, HttpTypes.StoreProductImage>(
  { id: (s) => `${s.productId}_image_${s.rank}`, url: (s) => s.url, rank: (s) => s.rank },
  [],
);

type CategorySource = { id: string; name: string; slug: string; parentId: string | null };
const category = resource<CategorySource, HttpTypes.StoreProductCategory>(
  { id: (s) => s.id, name: (s) => s.name, handle: (s) => s.slug, parent_category_id: (s) => s.parentId },
  [],
);

/** Tags, product types and collections: Medusa has them, this store has none (an empty list, null). */
const tag = resource<never, HttpTypes.StoreProductTag>({ id: (s) => s, value: (s) => s }, []);
const productType = resource<never, HttpTypes.StoreProductType>({ id: (s) => s, value: (s) => s }, []);
const collection = resource<never, HttpTypes.StoreCollection>({ id: (s) => s, title: (s) => s, handle: (s) => s }, []);

/**
 * A product priced for its region: `handle` is the slug, `subtitle` the brand, `metadata.brand`
 * the brand again, `categories` its own (leaf) category. Its default fields are Medusa's, with a
 * variant's own fields narrowed to those the store keeps (null barcodes and measures only when
 * asked for, `*variants`) and its calculated price to the amounts and the sale flag.
 */
export const productResource = resource<ProductSource, HttpTypes.StoreProduct>(
  {
    id: ({ product }) => product.id,
    title: ({ product }) => product.name,
    handle: ({ product }) => product.slug,
    subtitle: ({ product }) => product.brand,
    description: ({ product }) => product.description,
    is_giftcard: () => false,
    status: () => 'published',
    thumbnail: ({ product }) => thumbnailOf(product),
    width: () => null,
    weight: () => null,
    length: () => null,
    height: () => null,
    origin_country: ({ product }) => product.countryOfOrigin ?? null,
    hs_code: ({ product }) => product.hsnCode,
    mid_code: () => null,
    material: () => null,
    collection_id: () => null,
    type_id: () => null,
    discountable: () => true,
    external_id: () => null,
    created_at: () => null,
    updated_at: () => null,
    deleted_at: () => null,
    metadata: ({ product }) => ({ brand: product.brand }),
    categories: relation(category, ({ product }: ProductSource): CategorySource[] => {
      const path = product.categoryPath;
      const leaf = path.at(-1);
      return leaf ? [{ ...leaf, parentId: path.at(-2)?.id ?? null }] : [];
    }),
    images: relation(image, ({ product }: ProductSource): ImageSource[] =>
      product.images.map((im, rank) => ({ productId: product.id, url: im.url, rank })),
    ),
    options: relation(productOption, ({ product }: ProductSource): OptionSource[] => {
      const color = product.variants[0]?.color;
      const size: OptionSource = {
        id: sizeOptionId(product.id),
        title: 'Size',
        values: product.variants.map((v) => ({
          id: `${v.id}_size`,
          value: v.size,
          optionId: sizeOptionId(product.id),
        })),
      };
      if (!color) return [size];
      const colorId = colorOptionId(product.id);
      return [
        size,
        { id: colorId, title: 'Color', values: [{ id: `${product.id}_color_value`, value: color, optionId: colorId }] },
      ];
    }),
    variants: relation(variantResource, (s: ProductSource): VariantSource[] =>
      s.product.variants.map((variant, rank) => ({ ...s, variant, rank })),
    ),
    tags: relation(tag, () => []),
    type: relation(productType, () => null),
    collection: relation(collection, () => null),
  },
  [
    'id',
    'title',
    'subtitle',
    'description',
    'handle',
    'is_giftcard',
    'discountable',
    'thumbnail',
    'collection_id',
    'type_id',
    'weight',
    'length',
    'height',
    'width',
    'hs_code',
    'origin_country',
    'mid_code',
    'material',
    'created_at',
    'updated_at',
    '*type',
    '*collection',
    '*options',
    '*options.values',
    '*tags',
    '*images',
    'variants.title',
    'variants.sku',
    'variants.allow_backorder',
    'variants.manage_inventory',
    'variants.inventory_quantity',
    'variants.variant_rank',
    '*variants.options',
    'variants.calculated_price.calculated_amount',
    'variants.calculated_price.original_amount',
    'variants.calculated_price.currency_code',
    'variants.calculated_price.is_calculated_price_tax_inclusive',
    'variants.calculated_price.calculated_price.price_list_type',
  ],
);

/** The product as `selection` picks it (`./fields`). */
export function toStoreProduct(product: ProductInput, region: StoreRegion, selection: Selection): Picked {
  return project(productResource, selection, { product, region });
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
