/**
 * Money, the one set of helpers for the API and the storefront (docs/architecture.md "Money"):
 * integer paise inside, rupees at the JSON edge; price display (behaviour.md §9) as
 * `₹ 1,29,999` with Indian digit grouping, `₹0` when there is no amount; the discount off MRP;
 * GST rates as people write them.
 */
const wholeRupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `₹ 1,299` for whole rupees; `₹ 1,626.30` (always two decimals) when there are paise. */
export function formatPrice(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '₹0';
  const paise = Math.round(amount * 100);
  return `₹ ${paise % 100 === 0 ? wholeRupees.format(paise / 100) : rupeesAndPaise.format(paise / 100)}`;
}

/** Paise (integer) → rupees (a number with at most two decimals). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees → paise, rounded to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/** The discount off MRP in whole percent, as the catalogue stores it; 0 when there is none. Either unit, both the same. */
export function discountPercent(price: number, mrp: number): number {
  return mrp > price && mrp > 0 ? Math.round(((mrp - price) / mrp) * 100) : 0;
}

/** A GST rate as people write it: 9 → "9", 2.5 → "2.5", 0.125 → "0.13". */
export function formatRate(rate: number): string {
  return String(Math.round(rate * 100) / 100);
}
