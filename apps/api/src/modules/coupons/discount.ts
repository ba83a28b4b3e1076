/**
 * A coupon's discount in paise (behaviour.md §4 Coupons and gift cards): how much it takes off
 * a subtotal, and how that amount is shared over the eligible lines.
 */
import { shareInProportion } from '../../lib/money';
import type { Coupon } from './service';

/**
 * The discount a coupon gives on a subtotal, in paise: nothing below its minimum order; a
 * percentage (rounded to the paisa) capped by `maxDiscountPaise`; a fixed amount never more
 * than the subtotal.
 */
export function couponDiscountPaise(coupon: Coupon, subtotalPaise: number): number {
  if (subtotalPaise <= 0 || subtotalPaise < coupon.minOrderPaise) return 0;
  if (coupon.discountType === 'fixed') return Math.min(coupon.discountValue, subtotalPaise);
  const percent = Math.round((subtotalPaise * coupon.discountValue) / 100);
  return Math.min(percent, coupon.maxDiscountPaise ?? percent, subtotalPaise);
}

/**
 * Shares `discountPaise` over the eligible lines in proportion to their amounts (paise),
 * largest remainder first, so the shares add up to the discount exactly; ineligible lines get
 * 0. With a discount no larger than the eligible lines' sum, no line gets more than its amount.
 * RangeError when the arrays differ in length or a discount has no eligible amount to go on.
 */
export function allocateDiscount(
  lineAmounts: readonly number[],
  eligible: readonly boolean[],
  discountPaise: number,
): number[] {
  if (lineAmounts.length !== eligible.length) throw new RangeError('lineAmounts and eligible differ in length');
  return shareInProportion(
    lineAmounts.map((a, i) => (eligible[i] ? a : 0)),
    discountPaise,
  );
}
