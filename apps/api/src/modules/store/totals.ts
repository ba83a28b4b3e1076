/**
 * Cart totals of the commerce API, in integer paise, from the store's one pricing
 * (modules/pricing): the lines that can be bought now priced with the cart's coupon, and every
 * line priced without it (the "original" amounts). Lines that cannot be bought now (withdrawn,
 * sold out) keep their own amounts but count in no cart total and get no share of the discount.
 */
import type { Quote } from '../pricing';

/** The GST inside a GST-inclusive amount at the region's rate, rounded to the paisa (product prices shown without GST). */
export function includedTax(amount: number, ratePercent: number): number {
  return Math.round((amount * ratePercent) / (100 + ratePercent));
}

/** One line: subtotal = unit price × quantity; total = subtotal − discount (+ GST when prices exclude it). */
export type LineTotals = { subtotal: number; discount: number; total: number; tax: number; originalTax: number };

export type CartTotals = {
  /** Sum of the counted lines' subtotals (before the discount). */
  itemSubtotal: number;
  discount: number;
  /** What the counted lines cost after the discount. */
  itemTotal: number;
  /** GST of the counted lines after the discount. */
  tax: number;
  /** GST of the counted lines before the discount. */
  originalTax: number;
  shipping: number;
  /** What the shopper pays: itemTotal + shipping. */
  total: number;
  /** The total without the discount. */
  originalTotal: number;
  lines: LineTotals[];
};

/**
 * Totals of a cart's lines (`counted[i]`: line i can be bought now) from `priced`, the counted
 * lines priced with the cart's coupon, and `original`, every line priced without it.
 */
export function cartTotals(counted: readonly boolean[], priced: Quote, original: Quote): CartTotals {
  let next = 0;
  const lines = counted.map((isCounted, i): LineTotals => {
    const own = original.lines[i]!;
    if (!isCounted) {
      return {
        subtotal: own.lineSubtotalPaise,
        discount: 0,
        total: own.totalPaise,
        tax: own.taxPaise,
        originalTax: own.taxPaise,
      };
    }
    const line = priced.lines[next++]!;
    return {
      subtotal: line.lineSubtotalPaise,
      discount: line.discountPaise,
      total: line.totalPaise,
      tax: line.taxPaise,
      originalTax: own.taxPaise,
    };
  });
  const originalCounted = original.lines.filter((_, i) => counted[i]);
  // The delivery charge (behaviour.md §4 Delivery charge and COD fee); no COD fee before checkout.
  const shipping = priced.deliveryChargePaise;
  return {
    itemSubtotal: priced.subtotalPaise,
    discount: priced.discountPaise,
    itemTotal: priced.totalPaise - shipping,
    tax: priced.lines.reduce((s, l) => s + l.taxPaise, 0),
    originalTax: originalCounted.reduce((s, l) => s + l.taxPaise, 0),
    shipping,
    total: priced.totalPaise,
    originalTotal: originalCounted.reduce((s, l) => s + l.totalPaise, 0) + shipping,
    lines,
  };
}
