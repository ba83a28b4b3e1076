/**
 * Shapes of the admin's GST rates (`/admin/api/tax-rates`, docs/admin.md "GST rates"): the
 * rules of the `tax_rates` table as the admin reads and sends them, and the preview of what a
 * sample price pays. Money is integer paise; rates are basis points (1800 = 18 %).
 */
import { z } from 'zod';

export const TAX_RATE_MESSAGES = {
  notFound: 'No such GST rate.',
  rate: 'The rate must be a GST rate: 0, 0.25, 3, 5, 12, 18, 28 or 40 %.',
  hsnPrefix: 'An HSN prefix is 2 to 8 digits.',
  unknownCategory: 'No such category.',
  slabOrder: 'The slab’s upper end must not be below its lower end.',
  overlap: 'This slab overlaps another slab of the same rule (same HSN prefix and category).',
} as const;

/**
 * The GST rates the admin accepts, in basis points: the slabs of the GST law, 40 % included
 * (the September 2025 rate); the table itself allows 0–40 %.
 */
export const GST_RATE_BASIS_POINTS = [0, 25, 300, 500, 1200, 1800, 2800, 4000] as const;

const unitPaise = z.number().int().min(0).max(1_000_000_000);

/**
 * POST /admin/api/tax-rates and PUT /admin/api/tax-rates/{id}: one slab of a rule. A rule is
 * the slabs sharing an HSN prefix and a category (both null: the default rule). The slab holds
 * a piece's value after discount and without GST from `minUnitPaise` to `maxUnitPaise`
 * (inclusive; null: no upper end).
 */
export const taxRateBodySchema = z
  .object({
    hsnPrefix: z
      .string()
      .trim()
      .regex(/^\d{2,8}$/, TAX_RATE_MESSAGES.hsnPrefix)
      .nullable()
      .default(null),
    categoryId: z.uuid().nullable().default(null),
    minUnitPaise: unitPaise.default(0),
    maxUnitPaise: unitPaise.nullable().default(null),
    rateBasisPoints: z
      .number()
      .int(TAX_RATE_MESSAGES.rate)
      .refine((bp) => (GST_RATE_BASIS_POINTS as readonly number[]).includes(bp), TAX_RATE_MESSAGES.rate),
    description: z.string().trim().max(200).default(''),
  })
  .refine((b) => b.maxUnitPaise === null || b.maxUnitPaise >= b.minUnitPaise, {
    message: TAX_RATE_MESSAGES.slabOrder,
    path: ['maxUnitPaise'],
  });
export type TaxRateBody = z.infer<typeof taxRateBodySchema>;

/** A slab of the rate table as the admin lists it, with its category's path of names. */
export const taxRateSchema = z.object({
  id: z.uuid(),
  hsnPrefix: z.string().nullable(),
  categoryId: z.string().nullable(),
  /** "Apparel › Topwear › Tshirts"; null without a category. */
  categoryPath: z.string().nullable(),
  minUnitPaise: z.number().int(),
  maxUnitPaise: z.number().int().nullable(),
  rateBasisPoints: z.number().int(),
  description: z.string(),
  createdAt: z.string(),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/**
 * The slab of the rate table that taxed an order line (GET /admin/api/orders/{id}), as it was
 * when the order was placed: the rule's HSN prefix and category, the slab's bounds and rate.
 * `rule` is null when no slab matched (the built-in 18 %) or the order predates recording it.
 */
export const orderLineTaxRuleSchema = z.object({
  itemId: z.string(),
  /** The slab's fields; `categoryPath` null when the category no longer exists. */
  rule: taxRateSchema
    .pick({
      hsnPrefix: true,
      categoryId: true,
      categoryPath: true,
      minUnitPaise: true,
      maxUnitPaise: true,
      rateBasisPoints: true,
      description: true,
    })
    .nullable(),
});
export type OrderLineTaxRule = z.infer<typeof orderLineTaxRuleSchema>;

/**
 * POST /admin/api/tax-rates/preview: a sample piece (its price in paise, as the shopper pays
 * it, an HSN code and a category) taxed under the current rules and, with `change`, under the
 * rules as they would be with one slab added (`id` absent) or replaced (`id` given).
 */
export const taxRatePreviewBodySchema = z.object({
  pricePaise: z.number().int().positive().max(1_000_000_000),
  hsnCode: z
    .string()
    .trim()
    .regex(/^\d{0,8}$/, 'An HSN code is up to 8 digits.')
    .default(''),
  categoryId: z.uuid().nullable().default(null),
  change: z.object({ id: z.uuid().optional(), rule: taxRateBodySchema }).optional(),
});

/** GST of one piece at one rate, in paise, as pricing works it out. */
const taxedPieceSchema = z.object({
  taxablePaise: z.number().int(),
  cgstPaise: z.number().int(),
  sgstPaise: z.number().int(),
  igstPaise: z.number().int(),
  taxPaise: z.number().int(),
  totalPaise: z.number().int(),
});

/** What the piece pays under one rule set: the rate, and GST inside the store's state (CGST + SGST) and outside it (IGST). */
export const taxPreviewSchema = z.object({
  rateBasisPoints: z.number().int(),
  withinState: taxedPieceSchema,
  otherState: taxedPieceSchema,
});
export type TaxPreview = z.infer<typeof taxPreviewSchema>;

export const taxRatePreviewResultSchema = z.object({
  pricesIncludeTax: z.boolean(),
  current: taxPreviewSchema,
  /** Null without a `change`. */
  proposed: taxPreviewSchema.nullable(),
});
export type TaxRatePreviewResult = z.infer<typeof taxRatePreviewResultSchema>;
