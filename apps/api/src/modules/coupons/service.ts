/**
 * Coupons (§3 Coupon, §7 Commerce backend promotions): the codes running now and the
 * discount one gives on a subtotal. Enough for the promotion banner and the commerce API's
 * carts; the checkout issue grows it into the full rules (usage limits, eligibility, gift
 * cards). Money in integer paise.
 *
 * A coupon runs while it is active and now is within [startsAt, endsAt) (either end may be
 * open), by the database's clock so that every API instance agrees.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { coupons } from './tables';

export type Coupon = {
  id: string;
  /** As stored (upper-case); matched case-insensitively. */
  code: string;
  description: string;
  discountType: 'percentage' | 'fixed';
  /** Percent (1–100) for `percentage`, paise for `fixed`. */
  discountValue: number;
  /** Cap of a percentage discount, in paise; null = no cap. */
  maxDiscountPaise: number | null;
  /** Smallest subtotal the coupon applies to, in paise (0 = any). */
  minOrderPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
};

const running = () =>
  and(
    eq(coupons.isActive, true),
    or(isNull(coupons.startsAt), lte(coupons.startsAt, sql`now()`)),
    or(isNull(coupons.endsAt), gt(coupons.endsAt, sql`now()`)),
  );

const columns = {
  id: coupons.id,
  code: coupons.code,
  description: coupons.description,
  discountType: coupons.discountType,
  discountValue: coupons.discountValue,
  maxDiscountPaise: coupons.maxDiscountPaise,
  minOrderPaise: coupons.minOrderPaise,
  startsAt: coupons.startsAt,
  endsAt: coupons.endsAt,
  createdAt: coupons.createdAt,
};

export class CouponService {
  constructor(private readonly db: Db) {}

  /** Every coupon running now, the easiest to reach (smallest minimum order) first. */
  async running(): Promise<Coupon[]> {
    return this.db
      .select(columns)
      .from(coupons)
      .where(running())
      .orderBy(asc(coupons.minOrderPaise), asc(coupons.code));
  }

  /** The running coupon with this code (any letter case, surrounding spaces ignored), or null. */
  async findRunning(code: string): Promise<Coupon | null> {
    const [row] = await this.db
      .select(columns)
      .from(coupons)
      .where(and(sql`upper(${coupons.code}) = upper(${code.trim()})`, running()))
      .limit(1);
    return row ?? null;
  }
}

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
