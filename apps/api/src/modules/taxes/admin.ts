/**
 * The admin's GST rates (docs/admin.md "GST rates"): the slabs of the `tax_rates` table
 * listed, made, changed and removed, and a preview of what a sample piece pays under the
 * current rules and under a proposed change. Money in paise, rates in basis points.
 *
 * The rate table is read afresh by every quote (TaxService keeps no copy), so a change applies
 * to the next cart, checkout quote and order at once; orders already placed keep the GST
 * stored on their lines.
 */
import { randomUUID } from 'node:crypto';
import {
  TAX_RATE_MESSAGES,
  type AdminCategory,
  type TaxPreview,
  type TaxRate,
  type TaxRateBody,
  type TaxRatePreviewResult,
} from '@vastra/contracts';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import type { TaxedLine, TaxService } from './service';
import { taxRates, type TaxRateRow } from './tables';

export type TaxRateAdminDeps = {
  db: Db;
  taxes: Pick<TaxService, 'quote'>;
  /** The store's GST state code: the preview's "within the state" place of supply. */
  storeState: string;
  pricesIncludeGst: boolean;
  /** Every category with its path of names (the catalogue's admin list). */
  categories: () => Promise<AdminCategory[]>;
};

/** One change to the rule set: a slab added (no `id`) or replaced (`id`). */
export type TaxRateChange = { id?: string; rule: TaxRateBody };

const sameRule = (a: Pick<TaxRateRow, 'hsnPrefix' | 'categoryId'>, b: Pick<TaxRateRow, 'hsnPrefix' | 'categoryId'>) =>
  a.hsnPrefix === b.hsnPrefix && a.categoryId === b.categoryId;

const overlaps = (
  a: Pick<TaxRateRow, 'minUnitPaise' | 'maxUnitPaise'>,
  b: Pick<TaxRateRow, 'minUnitPaise' | 'maxUnitPaise'>,
) => a.minUnitPaise <= (b.maxUnitPaise ?? Infinity) && b.minUnitPaise <= (a.maxUnitPaise ?? Infinity);

const piece = (line: TaxedLine) => ({
  taxablePaise: line.taxablePaise,
  cgstPaise: line.cgstPaise,
  sgstPaise: line.sgstPaise,
  igstPaise: line.igstPaise,
  taxPaise: line.taxPaise,
  totalPaise: line.totalPaise,
});

export class TaxRateAdmin {
  constructor(private readonly deps: TaxRateAdminDeps) {}

  /** Every slab: the default rule first, then by HSN prefix, category and lower end. */
  async list(): Promise<TaxRate[]> {
    const rows = await this.deps.db
      .select()
      .from(taxRates)
      .orderBy(asc(taxRates.hsnPrefix), asc(taxRates.categoryId), asc(taxRates.minUnitPaise), asc(taxRates.createdAt));
    const paths = await this.categoryPaths();
    return rows
      .map((r) => this.present(r, paths))
      .sort(
        (a, b) =>
          Number(a.hsnPrefix !== null || a.categoryId !== null) - Number(b.hsnPrefix !== null || b.categoryId !== null),
      );
  }

  /** One slab; NotFoundError when unknown. */
  async get(id: string): Promise<TaxRate> {
    const [row] = await this.deps.db.select().from(taxRates).where(eq(taxRates.id, id));
    if (!row) throw new NotFoundError(TAX_RATE_MESSAGES.notFound);
    return this.present(row, await this.categoryPaths());
  }

  /** Adds a slab. ValidationError for an unknown category; ConflictError when it overlaps a slab of its rule. */
  async create(body: TaxRateBody): Promise<TaxRate> {
    const paths = await this.check(body, null);
    const [row] = await this.deps.db.insert(taxRates).values(body).returning();
    return this.present(row!, paths);
  }

  /** Replaces a slab's fields; NotFoundError, ValidationError and ConflictError as for `create`. */
  async update(id: string, body: TaxRateBody): Promise<TaxRate> {
    const paths = await this.check(body, id);
    const [row] = await this.deps.db.update(taxRates).set(body).where(eq(taxRates.id, id)).returning();
    if (!row) throw new NotFoundError(TAX_RATE_MESSAGES.notFound);
    return this.present(row, paths);
  }

  /** Removes a slab; without any default slab left the built-in 18 % applies. NotFoundError when unknown. */
  async remove(id: string): Promise<{ id: string }> {
    const removed = await this.deps.db.delete(taxRates).where(eq(taxRates.id, id)).returning({ id: taxRates.id });
    if (removed.length === 0) throw new NotFoundError(TAX_RATE_MESSAGES.notFound);
    return { id };
  }

  /**
   * What one piece priced `pricePaise` (as the shopper pays it, no discount) pays under the
   * current rules and, with `change`, under the rules so changed (checked as a save would be).
   */
  async preview(input: {
    pricePaise: number;
    hsnCode: string;
    categoryId: string | null;
    change?: TaxRateChange;
  }): Promise<TaxRatePreviewResult> {
    const { db } = this.deps;
    if (input.categoryId && !(await this.categoryPaths()).has(input.categoryId)) {
      throw new ValidationError(TAX_RATE_MESSAGES.unknownCategory);
    }
    const rows = await db.select().from(taxRates);
    const line = {
      hsnCode: input.hsnCode,
      categoryId: input.categoryId,
      unitPricePaise: input.pricePaise,
      quantity: 1,
      discountPaise: 0,
    };
    const under = async (set: TaxRateRow[]): Promise<TaxPreview> => {
      const [within, other] = await Promise.all([
        this.deps.taxes.quote([line], this.deps.storeState, db, set),
        this.deps.taxes.quote([line], null, db, set),
      ]);
      return {
        rateBasisPoints: within.lines[0]!.rateBasisPoints,
        withinState: piece(within.lines[0]!),
        otherState: piece(other.lines[0]!),
      };
    };
    return {
      pricesIncludeTax: this.deps.pricesIncludeGst,
      current: await under(rows),
      proposed: input.change ? await under(await this.changed(rows, input.change)) : null,
    };
  }

  /** The rule set `rows` with `change` made, refused as the matching write would be. */
  private async changed(rows: TaxRateRow[], change: TaxRateChange): Promise<TaxRateRow[]> {
    const current = change.id ? rows.find((r) => r.id === change.id) : undefined;
    if (change.id && !current) throw new NotFoundError(TAX_RATE_MESSAGES.notFound);
    await this.check(change.rule, change.id ?? null, rows);
    const next: TaxRateRow = { ...(current ?? { id: randomUUID(), createdAt: new Date() }), ...change.rule };
    return current ? rows.map((r) => (r.id === current.id ? next : r)) : [...rows, next];
  }

  /**
   * Refuses an unknown category (ValidationError) and a slab overlapping another slab of its
   * rule (ConflictError; `self` and the rows of `rows`, when given, instead of the table's).
   * Answers the category paths.
   */
  private async check(body: TaxRateBody, self: string | null, rows?: TaxRateRow[]): Promise<Map<string, string>> {
    const paths = await this.categoryPaths();
    if (body.categoryId && !paths.has(body.categoryId)) throw new ValidationError(TAX_RATE_MESSAGES.unknownCategory);
    const all = rows ?? (await this.deps.db.select().from(taxRates));
    if (all.some((r) => r.id !== self && sameRule(r, body) && overlaps(r, body))) {
      throw new ConflictError(TAX_RATE_MESSAGES.overlap);
    }
    return paths;
  }

  /** Each category's path of names ("Apparel › Topwear › Tshirts"). */
  private async categoryPaths(): Promise<Map<string, string>> {
    return new Map((await this.deps.categories()).map((c) => [c.id, c.path]));
  }

  private present(row: TaxRateRow, paths: Map<string, string>): TaxRate {
    return {
      id: row.id,
      hsnPrefix: row.hsnPrefix,
      categoryId: row.categoryId,
      categoryPath: row.categoryId ? (paths.get(row.categoryId) ?? null) : null,
      minUnitPaise: row.minUnitPaise,
      maxUnitPaise: row.maxUnitPaise,
      rateBasisPoints: row.rateBasisPoints,
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    };
  }
}
