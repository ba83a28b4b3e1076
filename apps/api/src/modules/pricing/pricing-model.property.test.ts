/**
 * The pricing service against an independent model (behaviour.md §4 Pricing, GST, Coupons and
 * gift cards): for 2,000 random carts — the same carts and store as pricing.property.test.ts —
 * PricingService.quote on the real rate table, coupons and gift cards of a real database gives,
 * to the paisa, what the rules written out again here give: which lines a coupon takes, its
 * minimum order, percentage (rounded) and cap, the split over the eligible lines (largest
 * remainder), the slab by value per piece after the discount and without GST, GST inside or on
 * top of the price, CGST = SGST or IGST, the GST components, the gift card's cover and what is
 * left to pay. No HTTP and no orders, so each cart costs milliseconds; that the quote, the
 * commerce cart and the order agree is pricing.property.test.ts's end-to-end property.
 * The service is made without charge settings, so no delivery charge or COD fee (charges.test.ts).
 * A failing cart is shrunk to a smallest one (seed 14: the same carts every run).
 * Run: `cd apps/api && node --import tsx --test src/modules/pricing/pricing-model.property.test.ts`
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { createTestApp, type TestContext } from '../../test/harness';
import { createGiftCard } from '../../test/orders';
import { cartArb, cartItems, seedPricingStore, type Cart, type PricingStore } from '../../test/pricing';
import { PincodeDirectory } from '../addresses/pincodes';
import { CatalogService } from '../catalog/service';
import { CouponService, GiftCardService } from '../coupons';
import { hasPlacedOrder } from '../orders/queries';
import { TaxService } from '../taxes';
import { PricingService, type Quote } from './service';

/** Carts per GST mode: 2 × 1,000 = 2,000. */
const RUNS = Number(process.env.PRICING_MODEL_RUNS ?? 1000);
const BP = 10_000;

/** The coupons of seedPricingStore, restated: who takes them, and their rules (paise). */
type ModelCoupon = { takes: (productId: string, categoryId: string) => boolean; minPaise: number } & (
  { percent: number; capPaise: number | null } | { fixedPaise: number }
);
function modelCoupons(store: PricingStore): Record<string, ModelCoupon> {
  const all = () => true;
  return {
    PROPPCT: { takes: all, minPaise: 0, percent: 12, capPaise: 15_000 },
    PROPFIX: { takes: all, minPaise: 100_000, fixedPaise: 20_000 },
    PROPCAT: { takes: (_, category) => category === store.couponCategoryId, minPaise: 0, percent: 20, capPaise: null },
    PROPITEM: {
      takes: (product) => store.couponProductIds.includes(product),
      minPaise: 50_000,
      percent: 15,
      capPaise: 50_000,
    },
  };
}

/** `total` shared over `amounts` in proportion: floors, then a paisa each to the largest remainders (ties: earlier). */
function largestRemainder(amounts: number[], total: number): number[] {
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0) return amounts.map(() => 0);
  const shares = amounts.map((a) => Math.floor((total * a) / sum));
  const order = amounts.map((a, i) => ({ i, rest: (total * a) % sum })).sort((x, y) => y.rest - x.rest || x.i - y.i);
  let left = total - shares.reduce((a, b) => a + b, 0);
  for (const { i } of order) if (left-- > 0) shares[i]! += 1;
  return shares;
}

/** a / b rounded half up (a ≥ 0, b > 0), exact in integers. */
const roundDiv = (a: number, b: number) => Number((2n * BigInt(a) + BigInt(b)) / (2n * BigInt(b)));

/**
 * What the rules say a cart costs. `lawRate(i)`: the rate the law's own rules (GST_LAW_RULES, their
 * own tests: gst-law.test.ts) give line i, used only for lines neither of the store's rules takes.
 */
function model(
  store: PricingStore,
  cart: Cart,
  inclusive: boolean,
  intraState: boolean,
  lawRate: (i: number) => number,
) {
  const lines = cart.lines.map((l) => {
    const product = store.products[l.product]!;
    const unit = product.variants[l.variant % product.variants.length]!.pricePaise;
    return { product, quantity: l.quantity, subtotal: unit * l.quantity };
  });
  let discounts = lines.map(() => 0);
  let couponCode: string | null = null;
  const coupon = cart.coupon ? modelCoupons(store)[cart.coupon]! : null;
  if (coupon) {
    const eligible = lines.map((l) => (coupon.takes(l.product.id, l.product.categoryId) ? l.subtotal : 0));
    const base = eligible.reduce((a, b) => a + b, 0);
    if (base > 0 && base >= coupon.minPaise) {
      const off =
        'fixedPaise' in coupon
          ? Math.min(coupon.fixedPaise, base)
          : Math.min(Math.round((base * coupon.percent) / 100), coupon.capPaise ?? Infinity, base);
      discounts = largestRemainder(eligible, off);
      couponCode = cart.coupon;
    }
  }
  const taxed = lines.map((l, i) => {
    const net = l.subtotal - discounts[i]!;
    // Category rules fit before HSN rules; the slab is tested on the piece's value without GST at its own rate.
    const pieceAtMost = (maxPaise: number, rate: number) =>
      net * (inclusive ? BP : 1) <= maxPaise * l.quantity * (inclusive ? BP + rate : 1);
    const rate =
      l.product.categoryId === store.rateCategoryId
        ? 1200
        : l.product.hsnCode.startsWith(store.slabPrefix)
          ? pieceAtMost(100_000, 500)
            ? 500
            : 1200
          : lawRate(i);
    const base = inclusive ? BP + rate : BP;
    const cgst = intraState ? roundDiv(net * rate, 2 * base) : 0;
    const igst = intraState ? 0 : roundDiv(net * rate, base);
    const tax = 2 * cgst + igst;
    return {
      discount: discounts[i]!,
      rate,
      taxable: inclusive ? net - tax : net,
      cgst,
      igst,
      tax,
      total: inclusive ? net : net + tax,
    };
  });
  const sum = (pick: (t: (typeof taxed)[number]) => number) => taxed.reduce((s, t) => s + pick(t), 0);
  const components = new Map<string, { name: string; rate: number; amountPaise: number }>();
  for (const t of taxed) {
    const parts = intraState
      ? [
          { name: 'CGST', rate: t.rate / 200, amountPaise: t.cgst },
          { name: 'SGST', rate: t.rate / 200, amountPaise: t.cgst },
        ]
      : [{ name: 'IGST', rate: t.rate / 100, amountPaise: t.igst }];
    for (const part of parts.filter((c) => c.rate > 0)) {
      const key = `${part.name}|${part.rate}`;
      const found = components.get(key) ?? { ...part, amountPaise: 0 };
      found.amountPaise += part.amountPaise;
      components.set(key, found);
    }
  }
  const total = sum((t) => t.total);
  const cover = cart.giftCardPaise !== null && total > 0 ? Math.min(cart.giftCardPaise, total) : 0;
  return {
    couponCode,
    lines: taxed,
    subtotal: lines.reduce((s, l) => s + l.subtotal, 0),
    discount: sum((t) => t.discount),
    taxable: sum((t) => t.taxable),
    tax: sum((t) => t.tax),
    components: [...components.values()].sort((a, b) => a.rate - b.rate || a.name.localeCompare(b.name)),
    total,
    cover,
    payable: total - cover,
  };
}

/** The same figures read from the service's quote. */
function figures(quote: Quote) {
  return {
    couponCode: quote.coupon?.coupon.code ?? null,
    lines: quote.lines.map((l) => ({
      discount: l.discountPaise,
      rate: l.rateBasisPoints,
      taxable: l.taxablePaise,
      cgst: l.cgstPaise,
      igst: l.igstPaise,
      tax: l.taxPaise,
      total: l.totalPaise,
    })),
    subtotal: quote.subtotalPaise,
    discount: quote.discountPaise,
    taxable: quote.taxablePaise,
    tax: quote.taxPaise,
    components: quote.components.map((c) => ({ ...c })),
    total: quote.totalPaise,
    cover: quote.giftCardPaise,
    payable: quote.payablePaise,
  };
}

let ctx: TestContext;
let store: PricingStore;
let storeState: string;
let giftCards = 0;
/** The pricing service as app.ts makes it, with prices including GST or not. */
let pricingWith: (pricesIncludeGst: boolean) => PricingService;

// One database for both GST modes: only the services are told which way prices are kept.
before(async () => {
  ctx = await createTestApp();
  const db = ctx.database.db;
  store = await seedPricingStore(db);
  storeState = ctx.config.checkout.storeState;
  const catalog = new CatalogService(db, { mediaBaseUrl: '', cacheTtlMs: 60_000 });
  const coupons = new CouponService(db, { catalog, orderHistory: { hasOrdered: hasPlacedOrder } });
  const giftCardService = new GiftCardService(db);
  const pincodes = PincodeDirectory.load();
  pricingWith = (pricesIncludeGst) =>
    new PricingService({
      coupons,
      giftCards: giftCardService,
      taxes: new TaxService(db, { storeState, pricesIncludeGst, pincodes, catalog }),
    });
});
after(() => ctx.close());

for (const pricesIncludeGst of [true, false]) {
  describe(`prices ${pricesIncludeGst ? 'include' : 'exclude'} GST`, () => {
    test(`${RUNS} random carts: the pricing service gives what the model of the rules gives`, async () => {
      const pricing = pricingWith(pricesIncludeGst);
      await fc.assert(
        fc.asyncProperty(cartArb, async (cart: Cart) => {
          const giftCode = cart.giftCardPaise === null ? null : `MODEL-GIFT-${++giftCards}`;
          if (giftCode) await createGiftCard(ctx.database.db, giftCode, cart.giftCardPaise!);
          const lines = cartItems(store.products, cart).map((item, i) => {
            const product = store.products[cart.lines[i]!.product]!;
            const unitPricePaise = product.variants.find((v) => v.id === item.variantId)!.pricePaise;
            return { ...item, unitPricePaise, hsnCode: product.hsnCode, categoryId: product.categoryId };
          });
          const quote = await pricing.quote({
            lines,
            couponCode: cart.coupon,
            giftCardCode: giftCode,
            placeOfSupply: cart.interState ? '07' : storeState,
            userId: null,
          });
          assert.equal(quote.intraState, !cart.interState);
          const expected = model(
            store,
            cart,
            pricesIncludeGst,
            !cart.interState,
            (i) => quote.lines[i]!.rateBasisPoints,
          );
          assert.deepEqual(figures(quote), expected);
          // A refused code is said, not dropped in silence.
          assert.equal(
            quote.messages.some((m) => m.field === 'coupon'),
            cart.coupon !== null && expected.couponCode === null,
          );
        }),
        { numRuns: RUNS, seed: 14, includeErrorInReport: true },
      );
    });
  });
}
