/**
 * One pricing path (behaviour.md §4 Pricing): for 600 random carts — slab-rated and
 * category-rated items, coupons with caps and eligibility, gift cards, both GST modes, intra- and
 * inter-state — the checkout quote (POST /checkout/quote), the commerce API cart (/store/carts)
 * and the order placed (POST /orders) agree to the paisa, through HTTP on a real database.
 * The three share one pricing service, so what this checks is how each path feeds it and
 * answers (lines, codes, place of supply, gift card hold, rupees); the arithmetic itself is
 * checked on 2,000 carts, milliseconds each, against a model (pricing-model.property.test.ts).
 * PRICING_RUNS=1000 runs the 2,000 carts of old end to end (the first 300 a mode are the same).
 * A store cart has no address, so it is GST as inter-state: it is compared on the inter-state
 * carts whose coupon the commerce API takes (none with category or product rules). Store carts
 * take no gift card: the gift card is compared between quote and order.
 * Run: `cd apps/api && node --import tsx --test src/modules/pricing/pricing.property.test.ts`
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, DELHI_ADDRESS, MANY_ORDERS_ENV, createGiftCard } from '../../test/orders';
import { STORE_COUPONS, cartArb, cartItems, seedPricingStore, type Cart } from '../../test/pricing';
import { generatePublishableKey } from '../store/keys';

/** Carts per GST mode: 2 × 300 = 600 (~135 ms of CPU each). */
const RUNS = Number(process.env.PRICING_RUNS ?? 300);
const KEY = generatePublishableKey();
/** Code lookups are limited per account (behaviour.md §15): a new shopper every few carts. */
const CARTS_PER_SHOPPER = 12;

/** Rupees to paise, exactly (the JSON edge has at most two decimals). */
const p = (rupees: number) => Math.round(rupees * 100);

for (const pricesIncludeGst of [true, false]) {
  describe(`prices ${pricesIncludeGst ? 'include' : 'exclude'} GST`, () => {
    let ctx: TestContext;
    let app: FastifyInstance;
    let products: TestProduct[];
    let shopper: Account;
    let carts = 0;
    let giftCards = 0;

    before(async () => {
      ctx = await createTestApp({
        env: { ...MANY_ORDERS_ENV, PUBLISHABLE_API_KEY: KEY, PRICES_INCLUDE_GST: String(pricesIncludeGst) },
      });
      app = ctx.app;
      ({ products } = await seedPricingStore(ctx.database.db));
    });
    after(() => ctx.close());

    /** The shopper of this cart: a new one every CARTS_PER_SHOPPER carts. */
    async function shopperFor(): Promise<Account> {
      if (carts++ % CARTS_PER_SHOPPER === 0) shopper = await register(app);
      return shopper;
    }

    async function storeCart(cart: Cart, items: { variantId: string; quantity: number }[], coupon: string | null) {
      const headers = { 'x-publishable-api-key': KEY };
      const created = await app.inject({ method: 'POST', url: '/store/carts', headers, payload: {} });
      assert.equal(created.statusCode, 200, created.body);
      const id = created.json().cart.id as string;
      for (const item of items) {
        const res = await app.inject({
          method: 'POST',
          url: `/store/carts/${id}/line-items`,
          headers,
          payload: { variant_id: item.variantId, quantity: item.quantity },
        });
        assert.equal(res.statusCode, 200, res.body);
      }
      if (coupon) {
        const res = await app.inject({
          method: 'POST',
          url: `/store/carts/${id}/promotions`,
          headers,
          payload: { promo_codes: [coupon] },
        });
        assert.equal(res.statusCode, 200, `${cart.coupon}: ${res.body}`);
      }
      const res = await app.inject({ method: 'GET', url: `/store/carts/${id}`, headers });
      return res.json().cart;
    }

    test(`${RUNS} random carts: checkout quote, commerce cart and order agree to the paisa`, async () => {
      await fc.assert(
        fc.asyncProperty(cartArb, async (cart: Cart) => {
          const account = await shopperFor();
          const items = cartItems(products, cart);
          const giftCode = cart.giftCardPaise === null ? null : `PROP-GIFT-${++giftCards}-${pricesIncludeGst}`;
          if (giftCode) await createGiftCard(ctx.database.db, giftCode, cart.giftCardPaise!);
          const address = cart.interState ? DELHI_ADDRESS : BENGALURU_ADDRESS;
          const headers = bearer(account.token);

          const quoted = await app.inject({
            method: 'POST',
            url: '/checkout/quote',
            headers,
            remoteAddress: freshIp(),
            payload: {
              items,
              coupon: cart.coupon,
              additionalCoupon: giftCode,
              stateCode: cart.interState ? '07' : '29',
            },
          });
          assert.equal(quoted.statusCode, 200, quoted.body);
          const quote = quoted.json().data;
          assert.equal(quote.intraState, !cart.interState);
          const coupon = quote.coupon?.code ?? null;
          assert.equal(
            coupon !== null,
            cart.coupon !== null && !quote.messages.some((m: { field: string }) => m.field === 'coupon'),
          );

          const placed = await app.inject({
            method: 'POST',
            url: '/orders',
            headers,
            remoteAddress: freshIp(),
            payload: {
              items,
              shippingAddress: address,
              paymentMethod: 'sandbox',
              coupon,
              additionalCoupon: quote.additionalCoupon ? giftCode : null,
            },
          });
          assert.equal(placed.statusCode, 201, placed.body);
          const order = placed.json().data.order;
          for (const key of [
            'subtotal',
            'discountAmount',
            'taxableAmount',
            'totalTax',
            'totalAmount',
            'giftCardAmount',
            'amountPayable',
          ]) {
            assert.equal(p(order[key]), p(quote[key]), `order ${key}`);
          }
          assert.deepEqual(order.taxes, quote.taxes, 'GST components');
          order.items.forEach((line: Record<string, number>, i: number) => {
            for (const key of [
              'lineSubtotal',
              'discount',
              'taxableValue',
              'taxRate',
              'cgst',
              'sgst',
              'igst',
              'tax',
              'total',
            ]) {
              assert.equal(p(line[key]!), p(quote.lines[i][key]), `order line ${i} ${key}`);
            }
          });

          // The commerce API honours only coupons without shopper, category or product rules.
          if (!cart.interState || (coupon !== null && !STORE_COUPONS.has(coupon))) return;
          const store = await storeCart(cart, items, coupon);
          assert.equal(p(store.item_subtotal), p(quote.subtotal), 'store subtotal');
          assert.equal(p(store.discount_total), p(quote.discountAmount), 'store discount');
          assert.equal(p(store.tax_total), p(quote.totalTax), 'store GST');
          assert.equal(p(store.total), p(quote.totalAmount), 'store total');
          for (const item of store.items as {
            variant_id: string;
            total: number;
            tax_total: number;
            discount_total: number;
          }[]) {
            const line = quote.lines.find((l: { variantId: string }) => l.variantId === item.variant_id);
            assert.equal(p(item.total), p(line.total), 'store line total');
            assert.equal(p(item.tax_total), p(line.tax), 'store line GST');
            assert.equal(p(item.discount_total), p(line.discount), 'store line discount');
          }
        }),
        { numRuns: RUNS, seed: 14, endOnFailure: true, includeErrorInReport: true },
      );
    });
  });
}
