/** A coupon as the shopper's API shows it (behaviour.md §3 Coupon, §7 Coupons), in rupees. */
import type { PublicCoupon } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';
import type { Coupon } from './service';

/** A coupon as GET /coupons/code/{code} and GET /coupons/category/{id} show it (rupees, ISO dates). */
export function toPublicCoupon(coupon: Coupon): PublicCoupon {
  return {
    code: coupon.code,
    description: coupon.description,
    discountType: coupon.discountType,
    discountValue: coupon.discountType === 'fixed' ? paiseToRupees(coupon.discountValue) : coupon.discountValue,
    maxDiscount: coupon.maxDiscountPaise === null ? null : paiseToRupees(coupon.maxDiscountPaise),
    minOrderValue: paiseToRupees(coupon.minOrderPaise),
    startsAt: coupon.startsAt?.toISOString() ?? null,
    endsAt: coupon.endsAt?.toISOString() ?? null,
    firstOrderOnly: coupon.firstOrderOnly,
    categoryIds: coupon.categoryIds,
    productIds: coupon.productIds,
  };
}
