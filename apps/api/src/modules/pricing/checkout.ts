/**
 * The checkout quote (behaviour.md §4 Pricing, §7 POST /checkout/quote): the shopper's lines
 * (the given items, or the active cart), the coupon, the gift card and the ship-to state priced
 * by the pricing service, answered in rupees. A line that cannot be bought now (unknown size,
 * withdrawn product) is left out with a message; so is a refused code.
 */
import { CART_MESSAGES, type CheckoutQuote, type CheckoutQuoteBody, type QuoteMessage } from '@vastra/contracts';
import { paiseToRupees } from '../../lib/money';
import type { CartService } from '../cart';
import type { CatalogService, StockLine } from '../catalog';
import type { TaxService } from '../taxes';
import { chargeInRupees } from './charges';
import { pricingLine, type PricingService, type Quote } from './service';

export type CheckoutQuoteDeps = {
  pricing: PricingService;
  catalog: Pick<CatalogService, 'variantDetails'>;
  carts: Pick<CartService, 'activeLines'>;
  taxes: Pick<TaxService, 'placeOfSupply'>;
};

/** The quote of POST /checkout/quote for the logged-in shopper `userId`. */
export async function checkoutQuote(
  deps: CheckoutQuoteDeps,
  userId: string,
  body: Omit<CheckoutQuoteBody, 'items'> & { items?: StockLine[] },
): Promise<CheckoutQuote> {
  const wanted = body.items ?? (await deps.carts.activeLines(userId));
  const details = await deps.catalog.variantDetails(wanted.map((w) => w.variantId));
  const messages: QuoteMessage[] = [];
  const lines = wanted.flatMap((w) => {
    const detail = details.get(w.variantId);
    if (!detail || detail.product.id !== w.productId) {
      messages.push({ field: 'items', message: CART_MESSAGES.variantNotFound });
      return [];
    }
    if (!detail.product.isActive) {
      messages.push({ field: 'items', message: `${detail.product.name}: ${CART_MESSAGES.productUnavailable}` });
      return [];
    }
    return [pricingLine(detail, w.quantity)];
  });
  const quote = await deps.pricing.quote({
    lines,
    couponCode: body.coupon,
    giftCardCode: body.additionalCoupon,
    placeOfSupply: deps.taxes.placeOfSupply({ stateCode: body.stateCode, zipCode: body.zipCode }),
    userId,
    paymentMethod: body.paymentMethod,
  });
  return toCheckoutQuote(quote, [...messages, ...quote.messages]);
}

/** A quote in rupees, the shape of checkoutQuoteSchema. */
export function toCheckoutQuote(quote: Quote, messages: QuoteMessage[]): CheckoutQuote {
  const r = paiseToRupees;
  return {
    lines: quote.lines.map((l) => ({
      productId: l.productId,
      variantId: l.variantId,
      quantity: l.quantity,
      unitPrice: r(l.unitPricePaise),
      lineSubtotal: r(l.lineSubtotalPaise),
      discount: r(l.discountPaise),
      taxableValue: r(l.taxablePaise),
      taxRate: l.rateBasisPoints / 100,
      cgst: r(l.cgstPaise),
      sgst: r(l.sgstPaise),
      igst: r(l.igstPaise),
      tax: r(l.taxPaise),
      total: r(l.totalPaise),
    })),
    coupon: quote.coupon
      ? {
          code: quote.coupon.coupon.code,
          description: quote.coupon.coupon.description,
          discountAmount: r(quote.coupon.discountPaise),
          appliedTo: {
            productIds: quote.coupon.eligibleProductIds,
            eligibleSubtotal: r(quote.coupon.eligibleSubtotalPaise),
          },
        }
      : null,
    additionalCoupon: quote.giftCard
      ? {
          code: quote.giftCard.code,
          amount: r(quote.giftCard.coverPaise),
          balance: r(quote.giftCard.balancePaise),
          remainingBalance: r(quote.giftCard.remainingPaise),
        }
      : null,
    subtotal: r(quote.subtotalPaise),
    discountAmount: r(quote.discountPaise),
    shippingAmount: r(quote.deliveryChargePaise),
    codFee: r(quote.codFeePaise),
    charges: quote.charges.map(chargeInRupees),
    freeDeliveryFrom: quote.freeDeliveryFromPaise === null ? null : r(quote.freeDeliveryFromPaise),
    freeDeliveryShortfall: r(quote.freeDeliveryShortfallPaise),
    taxableAmount: r(quote.taxablePaise),
    totalTax: r(quote.taxPaise),
    taxes: quote.components.map((c) => ({ name: c.name, rate: c.rate, amount: r(c.amountPaise) })),
    totalAmount: r(quote.totalPaise),
    giftCardAmount: r(quote.giftCardPaise),
    amountPayable: r(quote.payablePaise),
    pricesIncludeTax: quote.pricesIncludeTax,
    placeOfSupply: quote.placeOfSupply,
    intraState: quote.intraState,
    messages,
  };
}
