/**
 * GST (behaviour.md §1, §3 Tax result, §7 POST /taxes/calculate): the one place where tax is worked out
 * and rounded. Money in integer paise; rates in basis points (1800 = 18 %).
 *
 * - Place of supply: the ship-to state's GST code. Inside the store's state (config
 *   STORE_STATE) GST is CGST + SGST, half each; anywhere else, or when the state is not
 *   known, IGST.
 * - Prices include GST by default (PRICES_INCLUDE_GST, behaviour.md §4 GST): the GST of a
 *   line is then the part of its discounted price that is tax, and the shopper pays the
 *   discounted price. Otherwise GST is added on top of the discounted price.
 * - Rounding, per line: intra-state CGST = SGST = the half tax rounded to the paisa (so
 *   CGST == SGST and the tax is their sum exactly); inter-state IGST = the tax rounded.
 *   Every total is the sum of its lines, so totals always equal the sum of their parts.
 * - Rates come from the `tax_rates` table (rate rules: see `chooseSlab`); without a matching
 *   row the India region's DEFAULT_GST_RATE applies.
 */
import { DEFAULT_GST_RATE } from '@vastra/contracts';
import type { Db } from '../../db/client';
import type { PincodeDirectory } from '../addresses';
import type { CatalogService } from '../catalog/service';
import { taxRates, type StoredTaxComponent, type StoredTaxRule, type TaxRateRow } from './tables';

/** One line to tax: `discountPaise` is the line's share of the discount (at most unit price × quantity). */
export type TaxLineInput = {
  hsnCode: string;
  categoryId: string | null;
  unitPricePaise: number;
  quantity: number;
  discountPaise: number;
};

/**
 * The slab of the rate table that taxed a line, as it was then (kept on the order line so the
 * admin can say which rule applied); null when no row matched and the built-in
 * DEFAULT_GST_RATE applied.
 */
export type AppliedTaxRule = StoredTaxRule;

/** A taxed line: `taxablePaise` is the value without GST; `totalPaise` what the shopper pays for it. */
export type TaxedLine = {
  taxablePaise: number;
  rateBasisPoints: number;
  /** The slab whose rate this is; null: no row matched (the built-in default rate). */
  taxRule: AppliedTaxRule | null;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
  totalPaise: number;
};

export type TaxQuote = {
  /** Same order as the input. */
  lines: TaxedLine[];
  subtotalPaise: number;
  discountPaise: number;
  taxablePaise: number;
  taxPaise: number;
  totalPaise: number;
  /** Tax by component and rate (percent), e.g. CGST 9 % and SGST 9 %; zero-rate components are left out. */
  components: StoredTaxComponent[];
  intraState: boolean;
  placeOfSupply: string | null;
  pricesIncludeTax: boolean;
};

export type TaxOptions = {
  storeState: string;
  pricesIncludeGst: boolean;
  pincodes: PincodeDirectory;
  /** The category tree, for rules on a category and its descendants (CatalogService's cached lineage). */
  catalog: Pick<CatalogService, 'categoryLineage'>;
};

const BP = 10_000n;
const DEFAULT_RATE_BP = DEFAULT_GST_RATE * 100;
const COMPONENT_ORDER = { CGST: 0, SGST: 1, IGST: 2 } as const;

/** a / b rounded half up, for whole a ≥ 0 and b > 0 (BigInt keeps the products exact). */
function divideRounded(a: bigint, b: bigint): number {
  return Number((2n * a + b) / (2n * b));
}

/** A rule of the rate table: the rows (slabs) sharing one HSN prefix and category. */
type Rule = { hsnPrefix: string | null; categoryId: string | null; slabs: TaxRateRow[] };

/** How closely a rule fits a line: by category (nearest ancestor first), then by HSN prefix length. */
type Fit = { rule: Rule; categoryDepth: number; hsnLength: number };

function groupRules(rows: TaxRateRow[]): Rule[] {
  const rules = new Map<string, Rule>();
  for (const row of rows) {
    const key = `${row.hsnPrefix ?? ''}|${row.categoryId ?? ''}`;
    const rule = rules.get(key) ?? { hsnPrefix: row.hsnPrefix, categoryId: row.categoryId, slabs: [] };
    rule.slabs.push(row);
    rules.set(key, rule);
  }
  for (const rule of rules.values()) {
    rule.slabs.sort(
      (a, b) =>
        a.minUnitPaise - b.minUnitPaise ||
        (a.maxUnitPaise ?? Infinity) - (b.maxUnitPaise ?? Infinity) ||
        a.createdAt.getTime() - b.createdAt.getTime() ||
        a.id.localeCompare(b.id),
    );
  }
  return [...rules.values()];
}

/**
 * GST of `netPaise` (whole paise, after any discount) at `rateBasisPoints`, rounded as the
 * module's header says: with `pricesIncludeGst` the tax is the part of net that is GST,
 * otherwise it is added on top. Used for lines and for the delivery charge and COD fee
 * (behaviour.md §4 Delivery charge and COD fee).
 */
export function taxAtRate(
  netPaise: number,
  rateBasisPoints: number,
  intraState: boolean,
  pricesIncludeGst: boolean,
): Omit<TaxedLine, 'taxRule'> {
  const net = BigInt(netPaise);
  const rate = BigInt(rateBasisPoints);
  // Inclusive: the tax inside net is net × rate / (100 % + rate); exclusive: net × rate on top.
  const base = pricesIncludeGst ? BP + rate : BP;
  const cgst = intraState ? divideRounded(net * rate, 2n * base) : 0;
  const igst = intraState ? 0 : divideRounded(net * rate, base);
  const tax = 2 * cgst + igst;
  return {
    taxablePaise: pricesIncludeGst ? netPaise - tax : netPaise,
    rateBasisPoints,
    cgstPaise: cgst,
    sgstPaise: cgst,
    igstPaise: igst,
    taxPaise: tax,
    totalPaise: pricesIncludeGst ? netPaise : netPaise + tax,
  };
}

/** GST by component and rate of taxed lines (CGST + SGST, or IGST), zero rates left out, lowest rate first. */
export function taxComponents(
  lines: readonly Pick<TaxedLine, 'rateBasisPoints' | 'cgstPaise' | 'sgstPaise' | 'igstPaise'>[],
  intraState: boolean,
): StoredTaxComponent[] {
  const components = new Map<string, StoredTaxComponent>();
  const addComponent = (name: StoredTaxComponent['name'], rate: number, amountPaise: number) => {
    if (rate === 0) return;
    const key = `${name}|${rate}`;
    const found = components.get(key) ?? { name, rate, amountPaise: 0 };
    found.amountPaise += amountPaise;
    components.set(key, found);
  };
  for (const line of lines) {
    if (intraState) {
      addComponent('CGST', line.rateBasisPoints / 200, line.cgstPaise);
      addComponent('SGST', line.rateBasisPoints / 200, line.sgstPaise);
    } else {
      addComponent('IGST', line.rateBasisPoints / 100, line.igstPaise);
    }
  }
  return [...components.values()].sort((a, b) => a.rate - b.rate || COMPONENT_ORDER[a.name] - COMPONENT_ORDER[b.name]);
}

export class TaxService {
  constructor(
    private readonly db: Db,
    private readonly opts: TaxOptions,
  ) {}

  /**
   * The place of supply for a quote: the GST code of `stateCode` (a code such as "29" or a
   * state name in any case), or else of the pincode's main state; null when neither is known
   * (IGST is then assumed).
   */
  placeOfSupply(input: { stateCode?: string | null; zipCode?: string | null }): string | null {
    const byState = input.stateCode ? this.opts.pincodes.stateCode(input.stateCode) : null;
    return byState ?? (input.zipCode ? (this.opts.pincodes.lookup(input.zipCode)?.stateCode ?? null) : null);
  }

  /**
   * Taxes the lines for a place of supply (GST state code, or null: unknown → IGST). `db`
   * lets the orders transaction read the rate table in its own snapshot; `rows` replaces the
   * table (the admin's preview of a proposed change).
   * Throws RangeError for a line that is not whole paise, has no quantity, or a discount
   * outside 0…unit price × quantity (a caller's mistake, never a shopper's).
   */
  async quote(
    lines: TaxLineInput[],
    placeOfSupply: string | null,
    db: Db = this.db,
    rows?: TaxRateRow[],
  ): Promise<TaxQuote> {
    for (const line of lines) {
      const subtotal = line.unitPricePaise * line.quantity;
      const whole = [line.unitPricePaise, line.quantity, line.discountPaise].every(Number.isSafeInteger);
      if (
        !whole ||
        line.quantity < 1 ||
        line.unitPricePaise < 0 ||
        line.discountPaise < 0 ||
        line.discountPaise > subtotal
      ) {
        throw new RangeError(`Invalid tax line: ${JSON.stringify(line)}`);
      }
    }
    const intraState = placeOfSupply !== null && placeOfSupply === this.opts.storeState;
    const fits = await this.fitsFor(lines, db, rows);
    const taxed = lines.map((line, i) => this.taxLine(line, this.chooseSlab(line, fits[i]!), intraState));

    const sum = (pick: (i: number) => number) => lines.reduce((total, _, i) => total + pick(i), 0);
    return {
      lines: taxed,
      subtotalPaise: sum((i) => lines[i]!.unitPricePaise * lines[i]!.quantity),
      discountPaise: sum((i) => lines[i]!.discountPaise),
      taxablePaise: sum((i) => taxed[i]!.taxablePaise),
      taxPaise: sum((i) => taxed[i]!.taxPaise),
      totalPaise: sum((i) => taxed[i]!.totalPaise),
      components: taxComponents(taxed, intraState),
      intraState,
      placeOfSupply,
      pricesIncludeTax: this.opts.pricesIncludeGst,
    };
  }

  /** GST of one line at its slab's rate (no slab: the default rate), rounded as the module's header says. */
  private taxLine(line: TaxLineInput, slab: TaxRateRow | null, intraState: boolean): TaxedLine {
    const net = line.unitPricePaise * line.quantity - line.discountPaise;
    const taxed = taxAtRate(net, slab?.rateBasisPoints ?? DEFAULT_RATE_BP, intraState, this.opts.pricesIncludeGst);
    return {
      ...taxed,
      taxRule: slab && {
        id: slab.id,
        hsnPrefix: slab.hsnPrefix,
        categoryId: slab.categoryId,
        minUnitPaise: slab.minUnitPaise,
        maxUnitPaise: slab.maxUnitPaise,
        rateBasisPoints: slab.rateBasisPoints,
        description: slab.description,
      },
    };
  }

  /**
   * The slab that taxes a line: the first of its fitting rules (most specific first) that has
   * a slab for the line's value per piece; null when none has (DEFAULT_GST_RATE applies).
   *
   * The slab test uses the value of one piece after its share of the discount and without
   * GST. With exclusive prices that is the discounted piece price. With inclusive prices it
   * depends on the rate, so each slab is tested with the value at its own rate
   * (price × 100 / (100 + rate)). Between two slabs this can leave a gap: with 5 % up to
   * ₹ 2,500 and 18 % above, a piece priced ₹ 2,700 is ₹ 2,571 at 5 % (above the first slab)
   * but ₹ 2,288 at 18 % (below the second). A piece above a slab's upper end takes the next
   * slab of the rule, so it pays 18 %: the value exceeded ₹ 2,500 at the lower rate.
   */
  private chooseSlab(line: TaxLineInput, fits: Fit[]): TaxRateRow | null {
    const net = BigInt(line.unitPricePaise * line.quantity - line.discountPaise);
    const quantity = BigInt(line.quantity);
    for (const { rule } of fits) {
      let passedLowerSlab = false;
      for (const slab of rule.slabs) {
        const rate = BigInt(slab.rateBasisPoints);
        // value per piece = net × scale / (quantity × divisor), compared without dividing.
        const [scale, divisor] = this.opts.pricesIncludeGst ? [BP, BP + rate] : [1n, 1n];
        const value = net * scale;
        const atLeastMin = value >= BigInt(slab.minUnitPaise) * quantity * divisor;
        const atMostMax = slab.maxUnitPaise === null || value <= BigInt(slab.maxUnitPaise) * quantity * divisor;
        if (atMostMax && (atLeastMin || passedLowerSlab)) return slab;
        if (!atMostMax) passedLowerSlab = true;
      }
    }
    return null;
  }

  /** For each line, the rules that fit it, most specific first. */
  private async fitsFor(lines: TaxLineInput[], db: Db, rows?: TaxRateRow[]): Promise<Fit[][]> {
    const rules = groupRules(rows ?? (await db.select().from(taxRates)));
    const ancestry = await this.categoryDepths(
      rules.some((r) => r.categoryId !== null) ? lines.map((l) => l.categoryId) : [],
      db,
    );
    return lines.map((line) => {
      const depths = line.categoryId ? ancestry.get(line.categoryId) : undefined;
      const fits: Fit[] = [];
      for (const rule of rules) {
        if (rule.hsnPrefix !== null && !line.hsnCode.startsWith(rule.hsnPrefix)) continue;
        const categoryDepth = rule.categoryId === null ? Infinity : depths?.get(rule.categoryId);
        if (categoryDepth === undefined) continue;
        fits.push({ rule, categoryDepth, hsnLength: rule.hsnPrefix?.length ?? 0 });
      }
      return fits.sort((a, b) => a.categoryDepth - b.categoryDepth || b.hsnLength - a.hsnLength);
    });
  }

  /** For each category id: itself (depth 0) and each ancestor with its distance. */
  private async categoryDepths(ids: (string | null)[], db: Db): Promise<Map<string, Map<string, number>>> {
    const unique = [...new Set(ids.filter((id): id is string => id !== null))];
    const lineages = await Promise.all(unique.map((id) => this.opts.catalog.categoryLineage(id, db)));
    return new Map(
      unique.map((id, i) => [id, new Map((lineages[i] ?? []).map((ancestor, depth) => [ancestor, depth]))]),
    );
  }
}
