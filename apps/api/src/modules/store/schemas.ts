/**
 * Request and response schemas of the commerce API (/store). Requests are checked in full;
 * responses name the fields storefronts rely on and let Medusa's other fields through
 * (`looseObject`): the shapes themselves are typed against `@medusajs/types` in `./shapes`.
 * Every field but `id` is optional: `fields` picks which are sent (`./fields`).
 */
import { z } from 'zod';
import {
  CART_MESSAGES,
  COMMERCE_PRODUCT_PAGE_SIZE,
  COUPON_MESSAGES,
  MAX_LINE_QUANTITY,
  MAX_PAGE_LIMIT,
  VALIDATION_MESSAGES,
  quantitySchema,
} from '@vastra/contracts';

/** Medusa's `fields` selection (`id,title`, `*items,+items.thumbnail,-metadata`…): see `./fields`. */
const fields = z
  .string()
  .max(2000)
  .optional()
  .describe('Fields to send: `a,b` only these; `+a` / `-a` add to or take from the defaults; `*relation` all of it');

/** One value or several (`id=a&id=b`, or `id[0]=a&id[1]=b` as the Medusa SDK sends them). */
const list = z
  .union([z.string().max(200), z.array(z.string().max(200)).max(MAX_PAGE_LIMIT)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .optional();

export const fieldsQuerySchema = z.object({ fields });

export const productListQuerySchema = z.object({
  fields,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .default(COMMERCE_PRODUCT_PAGE_SIZE)
    .transform((n) => Math.min(n, MAX_PAGE_LIMIT)),
  offset: z.coerce.number().int().min(0).default(0),
  region_id: z.string().max(100).optional(),
  id: list,
  handle: list,
  category_id: list,
  q: z.string().trim().max(200).optional(),
});

export const productQuerySchema = z.object({ fields, region_id: z.string().max(100).optional() });

export const idParams = z.object({ id: z.string().min(1).max(200) });
export const lineParams = z.object({ id: z.string().min(1).max(100), line_id: z.string().min(1).max(100) });

const variantId = z.uuid({ message: CART_MESSAGES.variantRequired });
const email = z.email({ message: VALIDATION_MESSAGES.email }).max(254);

export const createCartBodySchema = z.object({
  region_id: z.string().max(100).optional(),
  email: email.optional(),
  items: z
    .array(z.object({ variant_id: variantId, quantity: quantitySchema }))
    .max(50)
    .optional(),
});

export const updateCartBodySchema = z.object({
  region_id: z.string().max(100).optional(),
  email: email.nullable().optional(),
});

export const addLineItemBodySchema = z.object({ variant_id: variantId, quantity: quantitySchema });

/** 0 removes the line, as in Medusa. */
export const updateLineItemBodySchema = z.object({
  quantity: z
    .number({ message: CART_MESSAGES.quantity })
    .int({ message: CART_MESSAGES.quantity })
    .min(0, { message: CART_MESSAGES.quantity })
    .max(MAX_LINE_QUANTITY, { message: CART_MESSAGES.quantityTooLarge }),
});

export const promotionCodesBodySchema = z.object({
  promo_codes: z
    .array(z.string({ message: COUPON_MESSAGES.codeRequired }).trim().min(1, COUPON_MESSAGES.codeRequired).max(50))
    .min(1, COUPON_MESSAGES.codeRequired)
    .max(10),
});

export const storeErrorSchema = z.object({ type: z.string(), message: z.string() });

const calculatedPriceSchema = z.looseObject({
  calculated_amount: z.number().nullable().optional(),
  original_amount: z.number().nullable().optional(),
  currency_code: z.string().nullable().optional(),
});

const variantSchema = z.looseObject({
  id: z.string(),
  title: z.string().nullable().optional(),
  sku: z.string().nullable().optional(),
  inventory_quantity: z.number().nullable().optional(),
  calculated_price: calculatedPriceSchema.optional(),
  options: z
    .array(z.looseObject({ id: z.string(), value: z.string().optional() }))
    .nullable()
    .optional(),
});

export const storeProductSchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  handle: z.string().optional(),
  subtitle: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  thumbnail: z.string().nullable().optional(),
  images: z
    .array(z.looseObject({ id: z.string(), url: z.string().optional(), rank: z.number().optional() }))
    .nullable()
    .optional(),
  variants: z.array(variantSchema).nullable().optional(),
});

export const storeRegionSchema = z.looseObject({
  id: z.string(),
  name: z.string().optional(),
  currency_code: z.string().optional(),
  tax_rate: z.number().optional(),
  countries: z.array(z.looseObject({ iso_2: z.string().optional(), display_name: z.string().optional() })).optional(),
});

export const storePromotionSchema = z.looseObject({
  id: z.string(),
  code: z.string().optional(),
  description: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  application_method: z.looseObject({
    type: z.enum(['percentage', 'fixed']).optional(),
    value: z.number().optional(),
    currency_code: z.string().optional(),
    max_discount_amount: z.number().nullable(),
  }),
});

const lineItemSchema = z.looseObject({
  id: z.string(),
  title: z.string().optional(),
  subtitle: z.string().optional(),
  thumbnail: z.string().optional(),
  quantity: z.number().optional(),
  variant_id: z.string().optional(),
  product_id: z.string().optional(),
  product_title: z.string().optional(),
  variant_title: z.string().optional(),
  variant_sku: z.string().optional(),
  unit_price: z.number().optional(),
  subtotal: z.number().optional(),
  total: z.number().optional(),
  discount_total: z.number().optional(),
  tax_total: z.number().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  product: storeProductSchema.nullable().optional(),
  variant: variantSchema.nullable().optional(),
});

export const storeCartSchema = z.looseObject({
  id: z.string(),
  region_id: z.string().optional(),
  region: storeRegionSchema.optional(),
  email: z.string().optional(),
  currency_code: z.string().optional(),
  items: z.array(lineItemSchema).optional(),
  promotions: z.array(z.looseObject({ id: z.string(), code: z.string().optional() })).optional(),
  shipping_methods: z.array(z.looseObject({ id: z.string(), name: z.string() })).optional(),
  item_total: z.number().optional(),
  subtotal: z.number().optional(),
  discount_total: z.number().optional(),
  tax_total: z.number().optional(),
  shipping_total: z.number().optional(),
  total: z.number().optional(),
  original_total: z.number().optional(),
});
