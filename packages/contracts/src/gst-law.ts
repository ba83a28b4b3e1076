/**
 * The GST rates a fresh store starts with (behaviour.md §4 GST rates out of the box): the rates of Notification
 * No. 9/2025-Central Tax (Rate), in force from 22 September 2025, for the HSN headings the
 * catalogue sells, and 18 % as the rule of the India region for every other product.
 * Migration 0021 writes these rows into `tax_rates` (a store still holding only the old flat
 * 18 % gets them too); the owner edits them in the admin afterwards. Tests (API and browser)
 * read this list to name the rule a product falls under.
 *
 * Money in paise per piece (or pair), after discount and without GST; rates in basis points.
 */
import { DEFAULT_GST_RATE } from './checkout';

/** One slab of a rule: a piece's value from `minUnitPaise` to `maxUnitPaise` (inclusive; null: no upper end). */
export type LawSlab = { minUnitPaise: number; maxUnitPaise: number | null; rateBasisPoints: number };

/** A rule of the law: an HSN prefix (null: the default rule) and its slabs, with what it covers. */
export type LawRule = { hsnPrefix: string | null; description: string; slabs: LawSlab[] };

/** The apparel and footwear threshold: ₹ 2,500 per piece (per pair for footwear). */
export const APPAREL_THRESHOLD_PAISE = 250_000;

const flat = (rateBasisPoints: number): LawSlab[] => [{ minUnitPaise: 0, maxUnitPaise: null, rateBasisPoints }];

/** 5 % up to ₹ 2,500 a piece, 18 % above (Schedule I and Schedule II of the notification). */
const apparelSlabs = (): LawSlab[] => [
  { minUnitPaise: 0, maxUnitPaise: APPAREL_THRESHOLD_PAISE, rateBasisPoints: 500 },
  { minUnitPaise: APPAREL_THRESHOLD_PAISE + 1, maxUnitPaise: null, rateBasisPoints: 1800 },
];

export const GST_LAW_RULES: readonly LawRule[] = [
  {
    hsnPrefix: null,
    description: 'GST 18 %, the India region’s rate, for any product without a rule of its own',
    slabs: flat(DEFAULT_GST_RATE * 100),
  },
  { hsnPrefix: '61', description: 'Apparel, knitted or crocheted (chapter 61)', slabs: apparelSlabs() },
  { hsnPrefix: '62', description: 'Apparel, not knitted or crocheted (chapter 62)', slabs: apparelSlabs() },
  {
    hsnPrefix: '63',
    description: 'Made-up textile articles: cushion covers, linen (chapter 63)',
    slabs: apparelSlabs(),
  },
  { hsnPrefix: '64', description: 'Footwear, per pair (chapter 64)', slabs: apparelSlabs() },
  { hsnPrefix: '6406', description: 'Parts of footwear: laces, insoles (heading 6406)', slabs: flat(1800) },
  { hsnPrefix: '6505', description: 'Caps and hats, knitted or of textile (heading 6505)', slabs: apparelSlabs() },
  {
    hsnPrefix: '5407',
    description: 'Woven fabrics of synthetic filament yarn: sarees (heading 5407)',
    slabs: flat(500),
  },
  { hsnPrefix: '4202', description: 'Bags, handbags and wallets (heading 4202)', slabs: flat(1800) },
  { hsnPrefix: '42022220', description: 'Handbags and shopping bags of cotton', slabs: flat(500) },
  { hsnPrefix: '42022230', description: 'Handbags and shopping bags of jute', slabs: flat(500) },
  { hsnPrefix: '4203', description: 'Belts and clothing accessories of leather (heading 4203)', slabs: flat(1800) },
  { hsnPrefix: '7113', description: 'Jewellery of precious metal (heading 7113)', slabs: flat(300) },
  { hsnPrefix: '7117', description: 'Imitation jewellery, cufflinks (heading 7117)', slabs: flat(300) },
  { hsnPrefix: '9101', description: 'Watches with a case of precious metal (heading 9101)', slabs: flat(1800) },
  { hsnPrefix: '9102', description: 'Wrist watches (heading 9102)', slabs: flat(1800) },
  { hsnPrefix: '9004', description: 'Sunglasses and goggles (heading 9004)', slabs: flat(1800) },
  { hsnPrefix: '6601', description: 'Umbrellas (heading 6601)', slabs: flat(500) },
  { hsnPrefix: '9615', description: 'Combs, hair clips and hair accessories (heading 9615)', slabs: flat(500) },
  { hsnPrefix: '9506', description: 'Sports goods (heading 9506)', slabs: flat(500) },
  { hsnPrefix: '3303', description: 'Perfumes and body mists (heading 3303)', slabs: flat(1800) },
  { hsnPrefix: '3304', description: 'Beauty and make-up preparations (heading 3304)', slabs: flat(1800) },
  { hsnPrefix: '330491', description: 'Talcum and face powder (3304 91)', slabs: flat(500) },
  { hsnPrefix: '3305', description: 'Hair preparations: hair colour (heading 3305)', slabs: flat(1800) },
  { hsnPrefix: '330510', description: 'Shampoo (3305 10)', slabs: flat(500) },
  { hsnPrefix: '3307', description: 'Deodorants and other toilet preparations (heading 3307)', slabs: flat(1800) },
  { hsnPrefix: '330710', description: 'Shaving cream and after-shave (3307 10)', slabs: flat(500) },
  { hsnPrefix: '3401', description: 'Face wash and body wash, liquid (heading 3401)', slabs: flat(1800) },
  { hsnPrefix: '340111', description: 'Toilet soap in bars (3401 11)', slabs: flat(500) },
];

/** The rule of the law for an HSN code: the longest matching prefix, else the default rule. */
export function lawRuleFor(hsnCode: string): LawRule {
  return GST_LAW_RULES.filter((r) => r.hsnPrefix === null || hsnCode.startsWith(r.hsnPrefix)).sort(
    (a, b) => (b.hsnPrefix?.length ?? 0) - (a.hsnPrefix?.length ?? 0),
  )[0]!;
}

/**
 * The rate (basis points) the law's rules give one piece, and the rule: the slab holding the
 * piece's value after discount and without GST. `pricePaise` is that value, or, with
 * `pricesIncludeGst`, the price with GST inside (each slab is then tested with the value at its
 * own rate, and a piece above a slab takes the next one, as the store's TaxService does).
 */
export function lawRateFor(
  hsnCode: string,
  pricePaise: number,
  pricesIncludeGst = false,
): { rule: LawRule; rateBasisPoints: number } {
  const rule = lawRuleFor(hsnCode);
  let passedLowerSlab = false;
  for (const slab of rule.slabs) {
    const value = pricesIncludeGst ? (pricePaise * 10_000) / (10_000 + slab.rateBasisPoints) : pricePaise;
    const atMostMax = slab.maxUnitPaise === null || value <= slab.maxUnitPaise;
    if (atMostMax && (value >= slab.minUnitPaise || passedLowerSlab))
      return { rule, rateBasisPoints: slab.rateBasisPoints };
    if (!atMostMax) passedLowerSlab = true;
  }
  return { rule, rateBasisPoints: DEFAULT_GST_RATE * 100 };
}
