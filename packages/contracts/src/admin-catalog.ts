/**
 * Shapes of the admin's catalogue editing (docs/admin.md "Products and stock"): a product's
 * fields and status, its sizes (variants) with prices in paise, bulk price changes with a
 * preview, and collection membership. The API validates with these; the admin's forms send them.
 */
import { z } from 'zod';
import { GENDERS } from './catalog';
import { hindiText } from './catalog-language';
import { productLegalInputFields } from './product-legal';

/** draft: being prepared, never shown; active: on sale; archived: no longer sold, kept for orders. */
export const PRODUCT_STATUSES = ['draft', 'active', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

/** Sizes a product may have, at most. */
export const MAX_PRODUCT_SIZES = 30;
/** The highest price or MRP a size may have, in paise (₹10,00,000). */
export const MAX_PRICE_PAISE = 100_000_000;

export const PRODUCT_EDIT_MESSAGES = {
  slugTaken: 'Another product already uses this web address (slug).',
  skuTaken: 'Another size already uses this SKU.',
  sizeTaken: 'This product already has that size.',
  priceAboveMrp: 'The price cannot be above the MRP.',
  categoryNotFound: 'No such category.',
  categoryNotLeaf: 'Choose the most specific category, such as Tshirts.',
  collectionNotFound: 'No such collection.',
  lastSizeOnSale: 'A product on sale needs a size. Take it off sale first.',
  sizeOrdered: 'This size has been ordered, so it stays. Set its stock to 0 instead.',
  priceNotAbove0: 'The price would be ₹0 or less.',
  nothingToChange: 'Change at least one field.',
} as const;

const paise = z.number().int().positive().max(MAX_PRICE_PAISE);
const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens.');
const skuSchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(3)
  .max(64)
  .regex(/^[A-Z0-9][A-Z0-9.-]*$/, 'Use letters, digits, dots and hyphens.');
/** HSN codes are 4, 6 or 8 digits. */
const hsnSchema = z
  .string()
  .trim()
  .regex(/^\d{4}(\d{2}){0,2}$/, 'An HSN code has 4, 6 or 8 digits.');
const text = (max: number) => z.string().trim().min(1).max(max);

/** A product's own fields; `collectionIds` replaces its hand-picked collections. */
const productFields = {
  name: text(200),
  slug: slugSchema,
  description: z.string().trim().max(5000),
  /** Hindi name and description; empty or null: none (the English is shown). */
  nameHi: hindiText(200),
  descriptionHi: hindiText(5000),
  brand: text(80),
  gender: z.enum(GENDERS),
  categoryId: z.uuid(),
  color: text(40),
  hsnCode: hsnSchema,
  season: z.string().trim().max(40).nullable(),
  usage: z.string().trim().max(40).nullable(),
  year: z.number().int().min(1990).max(2100).nullable(),
  collectionIds: z.array(z.uuid()).max(50),
  ...productLegalInputFields,
};

/** A size of a product: prices in paise, the price never above the MRP. */
export const variantInputSchema = z
  .object({
    size: text(20),
    sku: skuSchema.optional(),
    mrpPaise: paise,
    pricePaise: paise,
    stock: z.number().int().min(0).max(1_000_000).default(0),
  })
  .refine((v) => v.pricePaise <= v.mrpPaise, { message: PRODUCT_EDIT_MESSAGES.priceAboveMrp, path: ['pricePaise'] });
export type VariantInput = z.input<typeof variantInputSchema>;

/** POST /admin/api/products: a new product, a draft unless `status` says otherwise. */
export const productCreateBodySchema = z.object({
  ...productFields,
  slug: slugSchema.optional(),
  description: productFields.description.default(''),
  nameHi: productFields.nameHi.default(null),
  descriptionHi: productFields.descriptionHi.default(null),
  season: productFields.season.default(null),
  usage: productFields.usage.default(null),
  year: productFields.year.default(null),
  collectionIds: productFields.collectionIds.default([]),
  countryOfOrigin: productFields.countryOfOrigin.default(null),
  manufacturer: productFields.manufacturer.default(null),
  importer: productFields.importer.default(null),
  netQuantity: productFields.netQuantity.default(null),
  status: z.enum(PRODUCT_STATUSES).default('draft'),
  variants: z.array(variantInputSchema).max(MAX_PRODUCT_SIZES).default([]),
});
export type ProductCreateBody = z.input<typeof productCreateBodySchema>;

/** PATCH /admin/api/products/:id: the fields to change (sizes and status have their own routes). */
export const productUpdateBodySchema = z
  .object(productFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: PRODUCT_EDIT_MESSAGES.nothingToChange });
export type ProductUpdateBody = z.input<typeof productUpdateBodySchema>;

/** PATCH /admin/api/variants/:id: a size's name, SKU or prices (stock goes through its own route). */
export const variantUpdateBodySchema = z
  .object({ size: text(20), sku: skuSchema, mrpPaise: paise, pricePaise: paise })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: PRODUCT_EDIT_MESSAGES.nothingToChange })
  .refine((b) => b.pricePaise === undefined || b.mrpPaise === undefined || b.pricePaise <= b.mrpPaise, {
    message: PRODUCT_EDIT_MESSAGES.priceAboveMrp,
    path: ['pricePaise'],
  });
export type VariantUpdateBody = z.input<typeof variantUpdateBodySchema>;

/** POST /admin/api/products/status: draft, put on sale (the activation rules apply) or archive. */
export const productStatusBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  status: z.enum(PRODUCT_STATUSES),
});

/**
 * POST /admin/api/products/prices: every size of the products repriced, by `percent` of its
 * price (−10 is 10 % off; rounded to whole rupees) or to one price; never above a size's MRP.
 * `dryRun` (the default) answers the preview without changing anything.
 */
export const priceChangeBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  change: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('percent'),
      percent: z
        .number()
        .min(-95)
        .max(500)
        .refine((p) => p !== 0, 'Give a change other than 0.'),
    }),
    z.object({ kind: z.literal('price'), pricePaise: paise }),
  ]),
  dryRun: z.boolean().default(true),
});
export type PriceChangeBody = z.input<typeof priceChangeBodySchema>;

/** A price change's preview (or what it did): each size's price before and after, and the sizes left alone and why. */
export const priceChangeResultSchema = z.object({
  applied: z.boolean(),
  changes: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      variantId: z.string(),
      sku: z.string(),
      size: z.string(),
      mrpPaise: z.number().int(),
      before: z.number().int(),
      after: z.number().int(),
    }),
  ),
  refused: z.array(z.object({ sku: z.string(), name: z.string(), message: z.string() })),
});
export type PriceChangeResult = z.infer<typeof priceChangeResultSchema>;

/** POST /admin/api/products/collections: add the products to a collection, or take them out. */
export const collectionMembershipBodySchema = z.object({
  ids: z.array(z.uuid()).min(1).max(200),
  collectionId: z.uuid(),
  action: z.enum(['add', 'remove']),
});

/** A category as the admin's pickers show it: its path of names ("Apparel › Topwear › Tshirts"). */
export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: z.string().nullable(),
  level: z.enum(['master', 'sub', 'article']),
  path: z.string(),
  position: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCollectionSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  isActive: z.boolean(),
  position: z.number().int(),
  products: z.number().int(),
});
export type AdminCollection = z.infer<typeof adminCollectionSchema>;

/**
 * A catalogue CSV import's state: queued, then checking every row, then writing (not for a dry
 * run); it ends checked (a dry run without problems), done, or failed (problems by line).
 */
export const CATALOG_IMPORT_STATUSES = ['queued', 'checking', 'writing', 'checked', 'done', 'failed'] as const;
export type CatalogImportStatus = (typeof CATALOG_IMPORT_STATUSES)[number];
/** The largest products CSV the admin takes, in characters (the full 44,446-product catalogue is about 20 MB). */
export const CATALOG_IMPORT_MAX_CHARS = 40_000_000;

export const CATALOG_IMPORT_MESSAGES = {
  notFound: 'No such import.',
  stopped: 'The import stopped and nothing was changed:',
} as const;

/** POST /admin/api/catalog/imports: a products CSV (docs/importing-products.md), checked only unless `dryRun` is false. */
export const catalogImportBodySchema = z.object({
  csv: z.string().min(1).max(CATALOG_IMPORT_MAX_CHARS),
  fileName: z.string().trim().min(1).max(200),
  dryRun: z.boolean().default(true),
});

export const catalogImportSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  dryRun: z.boolean(),
  status: z.enum(CATALOG_IMPORT_STATUSES),
  total: z.number().int().nullable(),
  done: z.number().int(),
  problems: z.array(z.object({ line: z.number().int(), message: z.string() })),
  variants: z.number().int().nullable(),
  actor: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CatalogImport = z.infer<typeof catalogImportSchema>;
