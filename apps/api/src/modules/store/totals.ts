/**
 * Cart totals of the commerce API, in integer paise. Prices include GST (as every price the
 * store shows does, §9), so tax is the GST contained in what is paid: rate / (100 + rate) of
 * the discounted amount. A coupon's discount is spread over the lines in proportion to their
 * subtotals, and the cart's GST over the lines likewise, so lines always add up to the cart.
 * Lines that cannot be bought now (withdrawn, sold out) keep their own amounts but count in
 * no cart total and get no share of the discount.
 */

/** Splits `amount` over `weights` in proportion (largest remainder): whole numbers that add up to `amount`. */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / sum);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((a, p) => a + p, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** The GST inside a GST-inclusive amount, rounded to the paisa. */
export function includedTax(amount: number, ratePercent: number): number {
  return Math.round((amount * ratePercent) / (100 + ratePercent));
}

export type TotalsLine = { unitPrice: number; quantity: number; counted: boolean };

/** One line: subtotal = unit price × quantity; total = subtotal − discount; tax is inside total. */
export type LineTotals = { subtotal: number; discount: number; total: number; tax: number; originalTax: number };

export type CartTotals = {
  /** Sum of the counted lines' subtotals (before the discount). */
  itemSubtotal: number;
  discount: number;
  /** itemSubtotal − discount. */
  itemTotal: number;
  /** GST inside itemTotal + shipping. */
  tax: number;
  /** GST inside the amounts before the discount. */
  originalTax: number;
  shipping: number;
  /** What the shopper pays: itemTotal + shipping. */
  total: number;
  /** The total without the discount. */
  originalTotal: number;
  lines: LineTotals[];
};

/** Totals of lines with a discount (paise, at most the counted subtotal) at a GST rate in percent. */
export function cartTotals(lines: readonly TotalsLine[], discount: number, ratePercent: number): CartTotals {
  const subtotals = lines.map((l) => l.unitPrice * l.quantity);
  const counted = subtotals.map((s, i) => (lines[i]!.counted ? s : 0));
  const itemSubtotal = counted.reduce((a, s) => a + s, 0);
  const applied = Math.min(Math.max(discount, 0), itemSubtotal);
  const discounts = allocate(applied, counted);
  const itemTotal = itemSubtotal - applied;
  const shipping = 0;
  const tax = includedTax(itemTotal + shipping, ratePercent);
  const originalTax = includedTax(itemSubtotal + shipping, ratePercent);
  const lineTotals = subtotals.map((s, i) => s - discounts[i]!);
  const taxes = allocate(
    tax,
    lineTotals.map((t, i) => (lines[i]!.counted ? t : 0)),
  );
  const originalTaxes = allocate(originalTax, counted);
  return {
    itemSubtotal,
    discount: applied,
    itemTotal,
    tax,
    originalTax,
    shipping,
    total: itemTotal + shipping,
    originalTotal: itemSubtotal + shipping,
    lines: subtotals.map((subtotal, i) => {
      const own = !lines[i]!.counted;
      return {
        subtotal,
        discount: discounts[i]!,
        total: lineTotals[i]!,
        tax: own ? includedTax(subtotal, ratePercent) : taxes[i]!,
        originalTax: own ? includedTax(subtotal, ratePercent) : originalTaxes[i]!,
      };
    }),
  };
}
