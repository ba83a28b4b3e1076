/**
 * Pricing (behaviour.md §4 Pricing, GST, Coupons and gift cards): the one function every price a
 * shopper sees or pays comes from — the checkout quote, the commerce API's carts and the order
 * placed. It takes lines with their catalogue price, HSN code and category, a coupon code, a
 * gift card code and the place of supply, applies the coupon's rules (CouponService: eligibility,
 * minimum order, cap, the split over lines), works out GST per line (TaxService: the rate table,
 * CGST + SGST or IGST, prices with or without GST), adds the delivery charge and COD fee with
 * their GST (charges.ts; behaviour.md §4 Delivery charge and COD fee) and what the gift card
 * covers, and answers the whole quote in integer paise. Refused codes become messages; with
 * `strict` (an order) they throw, as placing the order must not go on without them.
 */
import { COUPON_MESSAGES, type PaymentMethod, type QuoteMessage } from '@vastra/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { shareInProportion } from '../../lib/money';
import type { StockLine, VariantDetail } from '../catalog';
import type { CouponQuoteResult, CouponService, GiftCardService } from '../coupons';
import { taxComponents, type StoredTaxComponent, type TaxedLine, type TaxService } from '../taxes';
import { NO_CHARGES, quoteCharges, type ChargeSettings, type QuotedCharge } from './charges';

/** A line to price: a size, how many, and what the catalogue says of it (money in paise). */
export type PricingLine = StockLine & {
  unitPricePaise: number;
  hsnCode: string;
  categoryId: string | null;
};

export type PricingInput = {
  lines: readonly PricingLine[];
  couponCode?: string | null;
  /**
   * A discount already known (POST /taxes/calculate, paise), split over the lines in proportion
   * to their value; used only without a coupon code, and capped at the subtotal.
   */
  discountPaise?: number;
  giftCardCode?: string | null;
  /** GST state code of the ship-to state; null (unknown) → IGST. */
  placeOfSupply: string | null;
  /** The shopper, for per-shopper coupon rules; null for a guest. */
  userId: string | null;
  /** An order: a refused coupon or gift card throws instead of becoming a message. */
  strict?: boolean;
  /** The payment method, when known: the COD fee applies only to `cod`. */
  paymentMethod?: PaymentMethod | null;
  /** false: the lines alone, no delivery charge or COD fee (POST /taxes/calculate taxes an amount, not an order). */
  charges?: boolean;
};

/** A priced line: its subtotal, share of the discount and GST (TaxedLine), in paise. */
export type QuotedLine = PricingLine & TaxedLine & { lineSubtotalPaise: number; discountPaise: number };

export type Quote = {
  lines: QuotedLine[];
  coupon: CouponQuoteResult | null;
  giftCard: { code: string; balancePaise: number; coverPaise: number; remainingPaise: number } | null;
  subtotalPaise: number;
  discountPaise: number;
  /** Lines and charges together, as are taxPaise and components. */
  taxablePaise: number;
  taxPaise: number;
  /** GST by component and rate, zero components left out. */
  components: StoredTaxComponent[];
  /** The delivery charge and COD fee above 0, each with its GST. */
  charges: QuotedCharge[];
  /** The delivery charge with its GST (0 = free) and the COD fee with its GST. */
  deliveryChargePaise: number;
  codFeePaise: number;
  /** The free-delivery threshold (null: none) and how much more of lines would reach it. */
  freeDeliveryFromPaise: number | null;
  freeDeliveryShortfallPaise: number;
  /** What the lines cost after the discount (with GST, whichever way prices are kept), plus the charges. */
  totalPaise: number;
  giftCardPaise: number;
  /** totalPaise − giftCardPaise. */
  payablePaise: number;
  pricesIncludeTax: boolean;
  placeOfSupply: string | null;
  intraState: boolean;
  messages: QuoteMessage[];
};

export type PricingDeps = {
  coupons: Pick<CouponService, 'quote'>;
  giftCards: Pick<GiftCardService, 'quote'>;
  taxes: Pick<TaxService, 'quote'>;
  /** The owner's delivery charge, threshold and COD fee, read on each quote; none when absent. */
  charges?: () => Promise<ChargeSettings>;
};

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

export class PricingService {
  constructor(private readonly deps: PricingDeps) {}

  /**
   * The whole quote of `input`, read in `db` (the order's transaction, when there is one).
   * Throws, with `strict`, the coupon's refusal (NotFoundError, ValidationError); the gift card
   * is then left to the caller, who holds it.
   */
  async quote(input: PricingInput, db?: Db): Promise<Quote> {
    const messages: QuoteMessage[] = [];
    const subtotals = input.lines.map((l) => l.unitPricePaise * l.quantity);
    const coupon = await this.applyCoupon(input, subtotals, messages, db);
    const lineDiscounts =
      coupon?.lineDiscounts ??
      shareInProportion(subtotals, Math.min(Math.max(input.discountPaise ?? 0, 0), sum(subtotals)));
    const tax = await this.deps.taxes.quote(
      input.lines.map((l, i) => ({
        hsnCode: l.hsnCode,
        categoryId: l.categoryId,
        unitPricePaise: l.unitPricePaise,
        quantity: l.quantity,
        discountPaise: lineDiscounts[i] ?? 0,
      })),
      input.placeOfSupply,
      db,
    );
    const linesTotalPaise = sum(tax.lines.map((t) => t.totalPaise));
    const settings = (input.charges !== false && (await this.deps.charges?.())) || NO_CHARGES;
    const extra = quoteCharges(settings, {
      lines: tax.lines.map((t, i) => ({ ...t, hsnCode: input.lines[i]!.hsnCode })),
      linesTotalPaise,
      paymentMethod: input.paymentMethod,
      intraState: tax.intraState,
      pricesIncludeGst: tax.pricesIncludeTax,
    });
    const taxed = [...tax.lines, ...extra.charges];
    const totalPaise = linesTotalPaise + sum(extra.charges.map((c) => c.totalPaise));
    const giftCard = input.strict ? null : await this.applyGiftCard(input.giftCardCode, totalPaise, messages);
    const giftCardPaise = giftCard?.coverPaise ?? 0;
    return {
      lines: input.lines.map((l, i) => ({
        ...l,
        ...tax.lines[i]!,
        lineSubtotalPaise: subtotals[i]!,
        discountPaise: lineDiscounts[i] ?? 0,
      })),
      coupon,
      giftCard,
      subtotalPaise: sum(subtotals),
      discountPaise: sum(lineDiscounts),
      taxablePaise: sum(taxed.map((t) => t.taxablePaise)),
      taxPaise: sum(taxed.map((t) => t.taxPaise)),
      components: extra.charges.length ? taxComponents(taxed, tax.intraState) : tax.components,
      charges: extra.charges,
      deliveryChargePaise: extra.deliveryChargePaise,
      codFeePaise: extra.codFeePaise,
      freeDeliveryFromPaise: settings.freeDeliveryFromPaise,
      freeDeliveryShortfallPaise: extra.freeDeliveryShortfallPaise,
      totalPaise,
      giftCardPaise,
      payablePaise: totalPaise - giftCardPaise,
      pricesIncludeTax: tax.pricesIncludeTax,
      placeOfSupply: tax.placeOfSupply,
      intraState: tax.intraState,
      messages,
    };
  }

  private async applyCoupon(
    input: PricingInput,
    subtotals: number[],
    messages: QuoteMessage[],
    db: Db | undefined,
  ): Promise<CouponQuoteResult | null> {
    const code = input.couponCode?.trim();
    if (!code) return null;
    const lines = input.lines.map((l, i) => ({
      productId: l.productId,
      categoryId: l.categoryId,
      lineSubtotalPaise: subtotals[i]!,
    }));
    try {
      return await this.deps.coupons.quote(code, { userId: input.userId, lines }, db);
    } catch (err) {
      if (input.strict || !(err instanceof AppError)) throw err;
      messages.push({ field: 'coupon', message: err.message });
      return null;
    }
  }

  private async applyGiftCard(code: string | null | undefined, totalPaise: number, messages: QuoteMessage[]) {
    const wanted = code?.trim();
    if (!wanted) return null;
    try {
      const card = await this.deps.giftCards.quote(wanted, totalPaise);
      return {
        code: card.code,
        balancePaise: card.balancePaise,
        coverPaise: card.coverPaise,
        remainingPaise: card.remainingPaise,
      };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      messages.push({ field: 'additionalCoupon', message: err.message || COUPON_MESSAGES.giftCardApply });
      return null;
    }
  }
}

/** A pricing line from the catalogue's view of a variant. */
export function pricingLine(detail: VariantDetail, quantity: number): PricingLine {
  return {
    productId: detail.product.id,
    variantId: detail.id,
    quantity,
    unitPricePaise: detail.pricePaise,
    hsnCode: detail.product.hsnCode,
    categoryId: detail.product.categoryId,
  };
}
