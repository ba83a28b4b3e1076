/**
 * One pricing path (behaviour.md §4 Pricing): for 2,000 random carts — slab-rated and
 * category-rated items, coupons with caps and eligibility, gift cards, both GST modes, intra- and
 * inter-state — the checkout quote (POST /checkout/quote), the commerce API cart (/store/carts)
 * and the order placed (POST /orders) agree to the paisa, through HTTP on a real database.
 * A store cart has no address, so it is GST as inter-state: it is compared on the inter-state
 * carts whose coupon the commerce API takes (none with category or product rules). Store carts
 * take no gift card: the gift card is compared between quote and order.
 * Run: `cd apps/api && node --import tsx --test src/modules/pricing/pricing.property.test.ts`
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/client';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { pickProducts, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, DELHI_ADDRESS, MANY_ORDERS_ENV, createGiftCard } from '../../test/orders';
import { generatePublishableKey } from '../store/keys';

/** Carts per GST mode: 2 × 1,000 = 2,000. */
const RUNS = Number(process.env.PRICING_RUNS ?? 1000);
const KEY = generatePublishableKey();
/** Code lookups are limited per account (behaviour.md §15): a new shopper every few carts. */
const CARTS_PER_SHOPPER = 12;

type Cart = {
  lines: { product: number; variant: number; quantity: number }[];
  coupon: string | null;
  giftCardPaise: number | null;
  interState: boolean;
};

const COUPONS = ['PROPPCT', 'PROPFIX', 'PROPCAT', 'PROPITEM'];
/** The coupons a commerce API cart takes: those without shopper, category or product rules. */
const STORE_COUPONS = new Set(['PROPPCT', 'PROPFIX']);

const cartArb = fc.record({
  lines: fc.uniqueArray(
    fc.record({ product: fc.nat(9), variant: fc.nat(1), quantity: fc.integer({ min: 1, max: 3 }) }),
    { minLength: 1, maxLength: 4, selector: (l) => `${l.product}:${l.variant}` },
  ),
  coupon: fc.option(fc.constantFrom(...COUPONS), { nil: null }),
  giftCardPaise: fc.option(fc.integer({ min: 100, max: 400_000 }), { nil: null }),
  interState: fc.boolean(),
});

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
      const db = ctx.database.db;
      products = await pickProducts(db, 10);
      const ids = products.map((pr) => pr.id);
      await db.execute(
        sql`UPDATE variants SET stock = 1000000 WHERE product_id IN (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
      const [first, second, third] = await Promise.all(
        ids.slice(0, 3).map(async (id) => {
          const [row] = await queryRows<{ hsn_code: string; category_id: string }>(
            db,
            sql`SELECT hsn_code, category_id FROM products WHERE id = ${id}::uuid`,
          );
          return row!;
        }),
      );
      // A slab rule on the first product's HSN prefix (5 % up to ₹1,000 a piece, 12 % above)
      // and a category rule on the second's category (12 %), beside the rules of the law a store starts with (GST_LAW_RULES).
      const prefix = first!.hsn_code.slice(0, 4);
      await db.execute(sql`
        INSERT INTO tax_rates (hsn_prefix, category_id, min_unit_paise, max_unit_paise, rate_basis_points, description)
        VALUES (${prefix}, NULL, 0, 100000, 500, 'slab low'), (${prefix}, NULL, 100001, NULL, 1200, 'slab high'),
               (NULL, ${second!.category_id}::uuid, 0, NULL, 1200, 'category')`);
      await db.execute(sql`
        INSERT INTO coupons (code, description, discount_type, discount_value, max_discount_paise, min_order_paise, category_ids, product_ids)
        VALUES ('PROPPCT', '12 % off up to ₹150', 'percentage', 12, 15000, 0, '{}', '{}'),
               ('PROPFIX', '₹200 off ₹1,000', 'fixed', 20000, NULL, 100000, '{}', '{}'),
               ('PROPCAT', '20 % off one category', 'percentage', 20, NULL, 0, ARRAY[${third!.category_id}::uuid], '{}'),
               ('PROPITEM', '15 % off two products from ₹500', 'percentage', 15, 50000, 50000, '{}',
                 ARRAY[${ids[3]}::uuid, ${ids[4]}::uuid])`);
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
          const items = cart.lines.map((l) => {
            const product = products[l.product]!;
            const variant = product.variants[l.variant % product.variants.length]!;
            return { productId: product.id, variantId: variant.id, quantity: l.quantity };
          });
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
