/**
 * Coupons (behaviour.md §3 Coupon, §4 coupons and gift cards, §7 Coupons, §8 Coupons and taxes): the
 * rules of a code and the discount it gives on a shopper's lines, its use by an order, and
 * the codes the commerce API (/store) can offer. Money in integer paise.
 *
 * A coupon runs while it is active and now is within [startsAt, endsAt) (either end may be
 * open), by the database's clock so that every API instance agrees. Its rules: a percentage
 * (capped by maxDiscountPaise) or a fixed amount; a minimum order counted on the eligible
 * lines; a total and a per-user number of uses (uses by orders not released); first order
 * only; limited to categories (any level: a category covers its subtree) and/or products,
 * in which case only those lines count. The discount is shared over the eligible lines in
 * proportion to their value (`allocateDiscount`).
 */
import { and, asc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { CATALOG_MESSAGES, COUPON_MESSAGES, couponMinimumOrder } from '@vastra/contracts';
import { queryRows, type Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { paiseToRupees } from '../../lib/money';
import type { CatalogService } from '../catalog/service';
import { allocateDiscount, couponDiscountPaise } from './discount';
import { couponRedemptions, coupons, giftCards } from './tables';

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
  /** Smallest subtotal of the eligible lines the coupon applies to, in paise (0 = any). */
  minOrderPaise: number;
  startsAt: Date | null;
  endsAt: Date | null;
  /** Uses by all shoppers together; null = unlimited. */
  usageLimit: number | null;
  /** Uses by one shopper; null = unlimited. */
  usageLimitPerUser: number | null;
  firstOrderOnly: boolean;
  /** Limited to these categories (each with its subtree) or products; both empty = everything. */
  categoryIds: string[];
  productIds: string[];
  createdAt: Date;
};

/** A line a coupon is quoted on: its product, the product's category and price × quantity. */
export type PricedLine = { productId: string; categoryId: string | null; lineSubtotalPaise: number };

export type CouponQuoteResult = {
  coupon: Coupon;
  discountPaise: number;
  /** The discount's share of each input line (0 for lines it does not apply to); adds up to discountPaise. */
  lineDiscounts: number[];
  /** Distinct products of the eligible lines, in input order. */
  eligibleProductIds: string[];
  eligibleSubtotalPaise: number;
};

/** A quote item priced from the catalogue: what the pricing module takes, with its subtotal (paise). */
export type CataloguePricedLine = PricedLine & {
  variantId: string;
  quantity: number;
  unitPricePaise: number;
  hsnCode: string;
};

/** A line of POST /coupons/validate: the price is read from the catalogue, never taken from the client. */
export type QuoteItem = { productId: string; variantId?: string; quantity: number };

/**
 * What the coupon rules ask of the orders module (a port: coupons sit below orders and never
 * read its tables): whether the user has an order that counts (neither failed nor cancelled),
 * other than `exceptOrderId`, read in `db`.
 */
export type OrderHistory = {
  hasOrdered(db: Db, userId: string, exceptOrderId: string | null): Promise<boolean>;
};

const running = () =>
  and(
    eq(coupons.isActive, true),
    or(isNull(coupons.startsAt), lte(coupons.startsAt, sql`now()`)),
    or(isNull(coupons.endsAt), gt(coupons.endsAt, sql`now()`)),
  );

/**
 * Coupons the commerce API's carts can honour: those without usage limits, first-order or
 * category/product rules, which need a known shopper and the checkout to be enforced.
 */
const plain = () =>
  and(
    isNull(coupons.usageLimit),
    isNull(coupons.usageLimitPerUser),
    eq(coupons.firstOrderOnly, false),
    sql`cardinality(${coupons.categoryIds}) = 0`,
    sql`cardinality(${coupons.productIds}) = 0`,
  );

/** The coupon is not used up: fewer unreleased uses than its total limit. */
const notUsedUp = () =>
  sql`(${coupons.usageLimit} IS NULL OR (SELECT count(*) FROM ${couponRedemptions} r
        WHERE r.coupon_id = ${coupons.id} AND r.released_at IS NULL) < ${coupons.usageLimit})`;

const sameCode = (column: typeof coupons.code | typeof giftCards.code, code: string): SQL =>
  sql`upper(${column}) = upper(${code.trim()})`;

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
  usageLimit: coupons.usageLimit,
  usageLimitPerUser: coupons.usageLimitPerUser,
  firstOrderOnly: coupons.firstOrderOnly,
  categoryIds: coupons.categoryIds,
  productIds: coupons.productIds,
  createdAt: coupons.createdAt,
};

/** Where a coupon stands now, by the database's clock. */
const state = {
  isActive: coupons.isActive,
  notStarted: sql<boolean>`coalesce(${coupons.startsAt} > now(), false)`,
  expired: sql<boolean>`coalesce(${coupons.endsAt} <= now(), false)`,
};

/**
 * The coupon rules, for POST /coupons/validate, the orders module (quote, redeem, release in
 * its transaction) and the commerce API (running, findRunning). The catalogue prices quote
 * items and knows the category tree.
 */
export class CouponService {
  constructor(
    private readonly db: Db,
    private readonly deps: { catalog: CatalogService; orderHistory: OrderHistory },
  ) {}

  /**
   * The offers of the commerce API (GET /store/promotion, the homepage's "Offers for you"):
   * every plain coupon (see `plain`) running now that the store advertises, the easiest to
   * reach (smallest minimum order) first. A private coupon still applies when typed (findRunning).
   */
  async running(): Promise<Coupon[]> {
    return this.db
      .select(columns)
      .from(coupons)
      .where(and(running(), plain(), eq(coupons.advertised, true)))
      .orderBy(asc(coupons.minOrderPaise), asc(coupons.code));
  }

  /** The running plain coupon with this code (any letter case, surrounding spaces ignored), or null; for /store. */
  async findRunning(code: string): Promise<Coupon | null> {
    const [row] = await this.db
      .select(columns)
      .from(coupons)
      .where(and(sameCode(coupons.code, code), running(), plain()))
      .limit(1);
    return row ?? null;
  }

  /** GET /coupons/code/{code}: the running coupon with this code, whatever its rules; NotFoundError otherwise. */
  async getRunning(code: string): Promise<Coupon> {
    const [row] = await this.db
      .select(columns)
      .from(coupons)
      .where(and(sameCode(coupons.code, code), running()))
      .limit(1);
    if (!row) throw new NotFoundError(COUPON_MESSAGES.notFound);
    return row;
  }

  /**
   * GET /coupons/category/{id}: advertised running coupons, not used up, that apply to every product of
   * the category: those limited to it or to one of its ancestors, and those with no category
   * or product limit at all. Coupons limited to some products, or to a sub-category only, are
   * left out (they do not cover the whole category). Easiest to reach first. NotFoundError for
   * an unknown category.
   */
  async forCategory(categoryId: string): Promise<Coupon[]> {
    const lineage = await this.deps.catalog.categoryLineage(categoryId);
    if (!lineage) throw new NotFoundError(CATALOG_MESSAGES.categoryNotFound);
    const ids = sql`ARRAY[${sql.join(
      lineage.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]`;
    return this.db
      .select(columns)
      .from(coupons)
      .where(
        and(
          running(),
          eq(coupons.advertised, true),
          notUsedUp(),
          or(
            sql`${coupons.categoryIds} && ${ids}`,
            and(sql`cardinality(${coupons.categoryIds}) = 0`, sql`cardinality(${coupons.productIds}) = 0`),
          ),
        ),
      )
      .orderBy(asc(coupons.minOrderPaise), asc(coupons.code));
  }

  /**
   * Prices quote items from the catalogue: a size's live price × quantity; without a size, the
   * product's default size (the first in stock). Items that cannot be bought now (unknown or
   * withdrawn product, a size of another product, no stock) are left out, as a cart leaves
   * them out of its total. The client's prices are never read.
   */
  async priceItems(items: readonly QuoteItem[]): Promise<CataloguePricedLine[]> {
    const withSizes = await Promise.all(
      items.map(async (item) => ({
        ...item,
        variantId: item.variantId ?? (await this.deps.catalog.defaultVariantId(item.productId)),
      })),
    );
    const details = await this.deps.catalog.variantDetails(
      withSizes.flatMap((i) => (i.variantId ? [i.variantId] : [])),
    );
    const lines: CataloguePricedLine[] = [];
    for (const item of withSizes) {
      const variant = item.variantId ? details.get(item.variantId) : undefined;
      if (!variant || variant.product.id !== item.productId || !variant.product.isActive || variant.stock <= 0) {
        continue;
      }
      lines.push({
        productId: variant.product.id,
        variantId: variant.id,
        quantity: item.quantity,
        unitPricePaise: variant.pricePaise,
        hsnCode: variant.product.hsnCode,
        categoryId: variant.product.categoryId,
        lineSubtotalPaise: variant.pricePaise * item.quantity,
      });
    }
    return lines;
  }

  /**
   * The discount `code` gives on `lines` for this shopper (userId null = a guest). Checks, in
   * order: the code (NotFoundError(notFound) when unknown or switched off; a gift card's code
   * is ValidationError(giftCardNotCoupon)), its dates (notStarted, expired), its total uses
   * (usedUp), the shopper (a guest gets loginRequired for a first-order coupon; per-user uses
   * are counted only for a known shopper, and checked again when the order redeems it:
   * firstOrderOnly, alreadyUsed), the lines (itemsRequired when there are none, notEligible
   * when none is eligible) and the minimum order on the eligible lines (couponMinimumOrder).
   * `db`: the caller's transaction, if any.
   */
  async quote(
    code: string,
    ctx: { userId: string | null; lines: readonly PricedLine[] },
    db: Db = this.db,
  ): Promise<CouponQuoteResult> {
    const [found] = await db
      .select({ ...columns, ...state })
      .from(coupons)
      .where(sameCode(coupons.code, code))
      .limit(1);
    if (!found || !found.isActive) {
      const [card] = await db
        .select({ id: giftCards.id })
        .from(giftCards)
        .where(and(sameCode(giftCards.code, code), eq(giftCards.isActive, true)))
        .limit(1);
      if (card) throw new ValidationError(COUPON_MESSAGES.giftCardNotCoupon);
      throw new NotFoundError(COUPON_MESSAGES.notFound);
    }
    const { isActive: _isActive, notStarted, expired, ...coupon } = found;
    if (notStarted) throw new ValidationError(COUPON_MESSAGES.notStarted);
    if (expired) throw new ValidationError(COUPON_MESSAGES.expired);

    const uses = await this.countUses(db, coupon.id, ctx.userId);
    if (coupon.usageLimit !== null && uses.total >= coupon.usageLimit) {
      throw new ValidationError(COUPON_MESSAGES.usedUp);
    }
    if (coupon.firstOrderOnly) {
      if (!ctx.userId) throw new ValidationError(COUPON_MESSAGES.loginRequired);
      if (await this.deps.orderHistory.hasOrdered(db, ctx.userId, null))
        throw new ValidationError(COUPON_MESSAGES.firstOrderOnly);
    }
    if (coupon.usageLimitPerUser !== null && uses.mine >= coupon.usageLimitPerUser) {
      throw new ValidationError(COUPON_MESSAGES.alreadyUsed);
    }

    if (ctx.lines.length === 0) throw new ValidationError(COUPON_MESSAGES.itemsRequired);
    const eligible = await this.eligibility(coupon, ctx.lines, db);
    if (!eligible.some(Boolean)) throw new ValidationError(COUPON_MESSAGES.notEligible);
    const amounts = ctx.lines.map((l) => l.lineSubtotalPaise);
    const eligibleSubtotalPaise = amounts.reduce((sum, a, i) => (eligible[i] ? sum + a : sum), 0);
    if (eligibleSubtotalPaise < coupon.minOrderPaise) {
      throw new ValidationError(couponMinimumOrder(paiseToRupees(coupon.minOrderPaise)));
    }
    const discountPaise = couponDiscountPaise(coupon, eligibleSubtotalPaise);
    return {
      coupon,
      discountPaise,
      lineDiscounts: allocateDiscount(amounts, eligible, discountPaise),
      eligibleProductIds: [...new Set(ctx.lines.filter((_, i) => eligible[i]).map((l) => l.productId))],
      eligibleSubtotalPaise,
    };
  }

  /**
   * Records an order's use of a coupon, inside the order's transaction `db`. Locks the coupon
   * row (SELECT … FOR UPDATE) so that orders racing for the last uses take turns, then checks
   * again that it runs (NotFoundError(notFound), ValidationError(notStarted | expired)), its
   * total uses (ConflictError(usedUp)), the shopper's uses (ValidationError(alreadyUsed)) and,
   * for a first-order coupon, that the shopper has no other order
   * (ValidationError(firstOrderOnly)). One use per order: a second call for the same order
   * records nothing.
   */
  async redeem(
    db: Db,
    use: { couponId: string; userId: string; orderId: string; discountPaise: number },
  ): Promise<void> {
    const [coupon] = await db
      .select({
        ...state,
        usageLimit: coupons.usageLimit,
        usageLimitPerUser: coupons.usageLimitPerUser,
        firstOrderOnly: coupons.firstOrderOnly,
      })
      .from(coupons)
      .where(eq(coupons.id, use.couponId))
      .for('update');
    if (!coupon || !coupon.isActive) throw new NotFoundError(COUPON_MESSAGES.notFound);
    if (coupon.notStarted) throw new ValidationError(COUPON_MESSAGES.notStarted);
    if (coupon.expired) throw new ValidationError(COUPON_MESSAGES.expired);
    const [already] = await db
      .select({ id: couponRedemptions.id })
      .from(couponRedemptions)
      .where(eq(couponRedemptions.orderId, use.orderId))
      .limit(1);
    if (already) return;
    const uses = await this.countUses(db, use.couponId, use.userId);
    if (coupon.usageLimit !== null && uses.total >= coupon.usageLimit) throw new ConflictError(COUPON_MESSAGES.usedUp);
    if (coupon.usageLimitPerUser !== null && uses.mine >= coupon.usageLimitPerUser) {
      throw new ValidationError(COUPON_MESSAGES.alreadyUsed);
    }
    if (coupon.firstOrderOnly && (await this.deps.orderHistory.hasOrdered(db, use.userId, use.orderId))) {
      throw new ValidationError(COUPON_MESSAGES.firstOrderOnly);
    }
    await db.insert(couponRedemptions).values(use);
  }

  /**
   * The order failed, expired or was cancelled: its use of a coupon no longer counts towards
   * the limits. Idempotent: the first call sets released_at, later ones change nothing.
   */
  async release(db: Db, orderId: string): Promise<void> {
    await db
      .update(couponRedemptions)
      .set({ releasedAt: sql`now()` })
      .where(and(eq(couponRedemptions.orderId, orderId), isNull(couponRedemptions.releasedAt)));
  }

  /** Uses of a coupon not released: by everyone, and by this shopper (0 for a guest). */
  private async countUses(db: Db, couponId: string, userId: string | null): Promise<{ total: number; mine: number }> {
    const [row] = await queryRows<{ total: number; mine: number }>(
      db,
      sql`SELECT count(*)::int AS total,
                 count(*) FILTER (WHERE user_id = ${userId}::uuid)::int AS mine
          FROM ${couponRedemptions}
          WHERE coupon_id = ${couponId}::uuid AND released_at IS NULL`,
    );
    return { total: Number(row?.total ?? 0), mine: Number(row?.mine ?? 0) };
  }

  /** For each line, whether the coupon applies to it (its product is listed, or its category or an ancestor is). */
  private async eligibility(coupon: Coupon, lines: readonly PricedLine[], db: Db): Promise<boolean[]> {
    if (coupon.categoryIds.length === 0 && coupon.productIds.length === 0) return lines.map(() => true);
    const products = new Set(coupon.productIds);
    const categories = new Set(coupon.categoryIds);
    const lineages = new Map<string, string[]>();
    for (const categoryId of new Set(lines.flatMap((l) => (l.categoryId ? [l.categoryId] : [])))) {
      lineages.set(categoryId, (await this.deps.catalog.categoryLineage(categoryId, db)) ?? []);
    }
    return lines.map(
      (l) =>
        products.has(l.productId) ||
        (l.categoryId !== null && (lineages.get(l.categoryId) ?? []).some((id) => categories.has(id))),
    );
  }
}
