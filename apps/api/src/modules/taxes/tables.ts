/**
 * Table of the taxes module: GST rates keyed by HSN code prefix or category, with optional
 * price slabs per piece. The most specific rule wins (category, then the longest HSN
 * prefix, then the default row with neither); within a rule the slab whose range holds the
 * piece's value applies. The seeded default is the flat 18 % (behaviour.md §1, §9).
 */
import type { TaxComponent } from '@vastra/contracts';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { categories } from '../catalog/tables';

export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Digits an HSN code starts with (e.g. "61" for knitted apparel); null = any. */
    hsnPrefix: text('hsn_prefix'),
    /** A category at any level of the tree (products of its descendants match too); null = any. */
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    /** Slab: the piece's value (after discount, before GST) from this amount (inclusive)… */
    minUnitPaise: integer('min_unit_paise').notNull().default(0),
    /** …up to this amount (inclusive); null = no upper end. */
    maxUnitPaise: integer('max_unit_paise'),
    /** GST in basis points: 1800 = 18 %. */
    rateBasisPoints: integer('rate_basis_points').notNull(),
    description: text('description').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tax_rates_hsn_idx').on(t.hsnPrefix),
    index('tax_rates_category_idx').on(t.categoryId),
    check('tax_rates_rate_range', sql`${t.rateBasisPoints} >= 0 AND ${t.rateBasisPoints} <= 4000`),
    check('tax_rates_slab_order', sql`${t.maxUnitPaise} IS NULL OR ${t.maxUnitPaise} >= ${t.minUnitPaise}`),
  ],
);

export type TaxRateRow = typeof taxRates.$inferSelect;

/** Tax components in paise, as stored: `{ name, rate (percent), amountPaise }`. */
export type StoredTaxComponent = Omit<TaxComponent, 'amount'> & { amountPaise: number };

/**
 * The slab that taxed an order line, copied from `tax_rates` when the order was placed (the
 * table may change afterwards): its rule (HSN prefix, category), bounds and rate.
 */
export type StoredTaxRule = Pick<
  TaxRateRow,
  'id' | 'hsnPrefix' | 'categoryId' | 'minUnitPaise' | 'maxUnitPaise' | 'rateBasisPoints' | 'description'
>;
