/**
 * GST through POST /taxes/calculate and TaxService: CGST + SGST inside the store's state,
 * IGST elsewhere or when the state is unknown, the state by code, by name and by pincode,
 * discounts, items, the rate table (HSN prefixes, categories and their ancestors, price slabs
 * per piece), rounding (totals are the sums of their lines, CGST == SGST), prices with and
 * without GST included, and the behaviour.md §5 message.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { CATALOG_MESSAGES, TAX_MESSAGES, type TaxResult } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { pickProducts } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { PincodeDirectory } from '../addresses/pincodes';
import { CatalogService } from '../catalog/service';
import { TaxService, type TaxLineInput } from './service';

let ctx: TestContext;
/** The same app with PRICES_INCLUDE_GST=false. */
let exclusive: TestContext;

before(async () => {
  ctx = await createTestApp();
  exclusive = await createTestApp({ env: { PRICES_INCLUDE_GST: 'false' } });
  // These tests build the rules they need; the law's rules a store starts with (GST_LAW_RULES, contracts) are
  // tested in gst-law.test.ts, so here only the default rule (the region's 18 %) is left.
  for (const target of [ctx, exclusive]) {
    await target.database.db.execute(
      sql`DELETE FROM tax_rates WHERE hsn_prefix IS NOT NULL OR category_id IS NOT NULL`,
    );
  }
});
after(async () => {
  await ctx.close();
  await exclusive.close();
});

/** Rate rows a test adds; removed after each test so the default rule (18 %) is all that is left. */
async function addRate(
  rate: { hsnPrefix?: string; categoryId?: string; minRupees?: number; maxRupees?: number; percent: number },
  target: TestContext = ctx,
): Promise<void> {
  await target.database.db.execute(sql`
    INSERT INTO tax_rates (hsn_prefix, category_id, min_unit_paise, max_unit_paise, rate_basis_points, description)
    VALUES (${rate.hsnPrefix ?? null}, ${rate.categoryId ?? null}::uuid, ${Math.round((rate.minRupees ?? 0) * 100)},
            ${rate.maxRupees === undefined ? null : Math.round(rate.maxRupees * 100)}, ${Math.round(rate.percent * 100)},
            'test rate')`);
}

afterEach(async () => {
  for (const target of [ctx, exclusive]) {
    await target.database.db.execute(sql`DELETE FROM tax_rates WHERE description = 'test rate'`);
  }
});

async function calculate(
  body: unknown,
  app = ctx.app,
): Promise<{ status: number; body: { message?: string; data: TaxResult } }> {
  const res = await app.inject({ method: 'POST', url: '/taxes/calculate', payload: body as object });
  return { status: res.statusCode, body: res.json() };
}

async function ok(body: object, app = ctx.app): Promise<TaxResult> {
  const res = await calculate(body, app);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const paise = (rupees: number) => Math.round(rupees * 100);

/** The one rate (percent) every component of a single-rate result has. */
function igstRate(result: TaxResult): number {
  assert.equal(result.taxes.length, 1, JSON.stringify(result.taxes));
  assert.equal(result.taxes[0]!.name, 'IGST');
  return result.taxes[0]!.rate;
}

describe('POST /taxes/calculate: place of supply (store state 29, prices include GST)', () => {
  test('inside the store’s state: CGST 9 % + SGST 9 %, the GST inside the price', async () => {
    assert.deepEqual(await ok({ subtotal: 1180, stateCode: '29' }), {
      totalTax: 180,
      taxes: [
        { name: 'CGST', rate: 9, amount: 90 },
        { name: 'SGST', rate: 9, amount: 90 },
      ],
      totalAmount: 1180,
      taxableAmount: 1000,
      pricesIncludeTax: true,
      placeOfSupply: '29',
      intraState: true,
    });
  });

  test('another state: IGST 18 %', async () => {
    assert.deepEqual(await ok({ subtotal: 1180, stateCode: '27' }), {
      totalTax: 180,
      taxes: [{ name: 'IGST', rate: 18, amount: 180 }],
      totalAmount: 1180,
      taxableAmount: 1000,
      pricesIncludeTax: true,
      placeOfSupply: '27',
      intraState: false,
    });
  });

  test('an unknown state, or none at all: IGST', async () => {
    for (const body of [
      { subtotal: 1180, stateCode: 'Atlantis' },
      { subtotal: 1180 },
      { subtotal: 1180, zipCode: '999999' },
    ]) {
      const result = await ok(body);
      assert.equal(result.placeOfSupply, null, JSON.stringify(body));
      assert.equal(result.intraState, false);
      assert.deepEqual(result.taxes, [{ name: 'IGST', rate: 18, amount: 180 }]);
    }
  });

  test('the state by code, by name in any case, or by pincode', async () => {
    for (const [body, place] of [
      [{ stateCode: '29' }, '29'],
      [{ stateCode: 'karnataka' }, '29'],
      [{ stateCode: 'KARNATAKA' }, '29'],
      [{ stateCode: 'Maharashtra' }, '27'],
      [{ zipCode: '560001' }, '29'],
      [{ zipCode: '400001' }, '27'],
      [{ stateCode: 'Atlantis', zipCode: '560001' }, '29'],
      [{ stateCode: 'Delhi', zipCode: '560001' }, '07'],
    ] as const) {
      const result = await ok({ subtotal: 1180, ...body });
      assert.equal(result.placeOfSupply, place, JSON.stringify(body));
      assert.equal(result.intraState, place === '29');
      assert.equal(result.totalTax, 180);
    }
  });

  test('GST is on the discounted value; a discount above the subtotal leaves nothing to tax', async () => {
    assert.deepEqual(await ok({ subtotal: 1180, discountAmount: 118, stateCode: '29' }), {
      totalTax: 162,
      taxes: [
        { name: 'CGST', rate: 9, amount: 81 },
        { name: 'SGST', rate: 9, amount: 81 },
      ],
      totalAmount: 1062,
      taxableAmount: 900,
      pricesIncludeTax: true,
      placeOfSupply: '29',
      intraState: true,
    });
    const all = await ok({ subtotal: 500, discountAmount: 900, stateCode: '27' });
    assert.equal(all.totalAmount, 0);
    assert.equal(all.totalTax, 0);
  });

  test('items: each price × quantity is a line, and the discount is shared over them in proportion', async () => {
    const result = await ok({
      subtotal: 1180,
      discountAmount: 118,
      stateCode: '27',
      items: [
        { price: 500, quantity: 2 },
        { price: 180, quantity: 1 },
      ],
    });
    // Lines 1000 and 180 take 100 and 18 of the discount: GST inside 900 and 162 is 137.29 + 24.71.
    assert.equal(result.totalAmount, 1062);
    assert.equal(result.totalTax, 162);
    assert.deepEqual(result.taxes, [{ name: 'IGST', rate: 18, amount: 162 }]);
  });
});

describe('POST /taxes/calculate: behaviour.md §5 and the country', () => {
  test('a missing, zero, negative or non-numeric subtotal: 400 "Valid subtotal is required"', async () => {
    for (const body of [
      {},
      { subtotal: 0 },
      { subtotal: -5 },
      { subtotal: 'abc' },
      { subtotal: '' },
      { subtotal: null },
      { subtotal: true },
    ]) {
      const res = await calculate(body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(res.body, { success: false, message: TAX_MESSAGES.validSubtotal });
    }
  });

  test('a numeric string counts as the number', async () => {
    assert.equal((await ok({ subtotal: '1180', stateCode: '29' })).totalTax, 180);
  });

  test('the country is India (default IN); any other is refused', async () => {
    assert.equal((await ok({ subtotal: 1180, countryCode: 'in' })).totalTax, 180);
    const res = await calculate({ subtotal: 1180, countryCode: 'US' });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { success: false, message: TAX_MESSAGES.countryNotSupported });
  });

  test('an unknown product is 404', async () => {
    const res = await calculate({
      subtotal: 100,
      items: [{ price: 100, quantity: 1, productId: '00000000-0000-4000-8000-000000000000' }],
    });
    assert.equal(res.status, 404);
    assert.equal(res.body.message, CATALOG_MESSAGES.productNotFound);
  });
});

describe('the rate table', () => {
  const slabs = async (hsnPrefix: string) => {
    await addRate({ hsnPrefix, maxRupees: 2500, percent: 5 });
    await addRate({ hsnPrefix, minRupees: 2500.01, percent: 18 });
  };
  const rateFor = async (price: number, quantity = 1, discountAmount = 0, app = ctx.app) =>
    igstRate(
      await ok({ subtotal: price * quantity, discountAmount, items: [{ price, quantity, hsnCode: '6204' }] }, app),
    );

  test('slabs per piece: 5 % up to ₹ 2,500, 18 % above (the value without GST, after the discount)', async () => {
    await slabs('62');
    assert.equal(await rateFor(1000), 5);
    assert.equal(await rateFor(2000, 3), 5, 'per piece, not per line');
    // ₹ 2,625 with 5 % inside is ₹ 2,500 without: still the 5 % slab; a paisa more is not.
    assert.equal(await rateFor(2625), 5);
    assert.equal(await rateFor(2625.01), 18);
    // ₹ 2,700 is ₹ 2,571 without GST at 5 % (above the slab) and ₹ 2,288 at 18 %: the higher slab.
    assert.equal(await rateFor(2700), 18);
    assert.equal(await rateFor(3000), 18);
    // 2 × ₹ 2,800 less ₹ 700 is ₹ 2,450 a piece: the 5 % slab.
    assert.equal(await rateFor(2800, 2, 700), 5);
    assert.equal(await rateFor(2800, 2, 0), 18);
    const result = await ok({
      subtotal: 1050,
      stateCode: '29',
      items: [{ price: 1050, quantity: 1, hsnCode: '6204' }],
    });
    assert.deepEqual(result.taxes, [
      { name: 'CGST', rate: 2.5, amount: 25 },
      { name: 'SGST', rate: 2.5, amount: 25 },
    ]);
  });

  test('a piece between two slabs at their own rates takes the higher slab, not the default', async () => {
    await addRate({ hsnPrefix: '62', maxRupees: 2500, percent: 5 });
    await addRate({ hsnPrefix: '62', minRupees: 2500.01, percent: 12 });
    // ₹ 2,700 is ₹ 2,571 at 5 % (above the first slab) and ₹ 2,411 at 12 % (below the second).
    assert.equal(await rateFor(2700), 12);
    assert.equal(await rateFor(2800), 12);
    assert.equal(await rateFor(2625), 5);
  });

  test('lines of different rates give a component per rate; totals add up', async () => {
    await slabs('62');
    const result = await ok({
      subtotal: 1050 + 3540,
      stateCode: '29',
      items: [
        { price: 1050, quantity: 1, hsnCode: '6204' },
        { price: 3540, quantity: 1, hsnCode: '6204' },
      ],
    });
    assert.deepEqual(result.taxes, [
      { name: 'CGST', rate: 2.5, amount: 25 },
      { name: 'SGST', rate: 2.5, amount: 25 },
      { name: 'CGST', rate: 9, amount: 270 },
      { name: 'SGST', rate: 9, amount: 270 },
    ]);
    assert.equal(result.totalTax, 590);
    assert.equal(result.taxableAmount, 4000);
  });

  test('HSN rules: the longest matching prefix wins; no match takes the default 18 %', async () => {
    await addRate({ hsnPrefix: '61', percent: 12 });
    await addRate({ hsnPrefix: '6109', percent: 5 });
    const rate = async (hsnCode: string) =>
      igstRate(await ok({ subtotal: 1000, items: [{ price: 1000, quantity: 1, hsnCode }] }));
    assert.equal(await rate('6109'), 5);
    assert.equal(await rate('61091000'), 5);
    assert.equal(await rate('6105'), 12);
    assert.equal(await rate('6204'), 18);
    assert.equal(igstRate(await ok({ subtotal: 1000 })), 18, 'without items: the default rate');
  });

  test('category rules match the product’s category or any ancestor, the nearest first, before HSN rules', async () => {
    const [product] = await pickProducts(ctx.database.db, 1);
    const [tree] = await queryRows<{ hsn_code: string; leaf: string; parent: string; grandparent: string }>(
      ctx.database.db,
      sql`SELECT p.hsn_code, c.id AS leaf, sub.id AS parent, sub.parent_id AS grandparent
          FROM products p JOIN categories c ON c.id = p.category_id JOIN categories sub ON sub.id = c.parent_id
          WHERE p.id = ${product!.id}::uuid`,
    );
    assert.ok(tree?.grandparent, 'a three-level category');
    const rate = async (item: object = {}) =>
      igstRate(await ok({ subtotal: 1000, items: [{ price: 1000, quantity: 1, productId: product!.id, ...item }] }));

    await addRate({ hsnPrefix: tree.hsn_code, percent: 28 });
    assert.equal(await rate(), 28, "the product's own HSN code");
    assert.equal(await rate({ hsnCode: '9999' }), 28, 'an HSN code the client sends for a product is ignored');
    await addRate({ categoryId: tree.grandparent, percent: 12 });
    assert.equal(await rate(), 12, 'the top category beats the HSN rule');
    await addRate({ categoryId: tree.parent, percent: 5 });
    assert.equal(await rate(), 5, 'the nearer category wins');
    await addRate({ categoryId: tree.leaf, percent: 3 });
    assert.equal(await rate(), 3);
    await addRate({ categoryId: tree.leaf, hsnPrefix: tree.hsn_code.slice(0, 2), percent: 0.25 });
    assert.equal(await rate(), 0.25, 'category and HSN together beat the category alone');
  });
});

describe('rounding: totals are the sums of their lines', () => {
  const baskets: { items: [number, number][]; discount: number }[] = [
    { items: [[999.99, 3]], discount: 333.33 },
    { items: [[999.99, 3]], discount: 0 },
    {
      items: [
        [0.01, 1],
        [0.02, 3],
        [1.99, 7],
      ],
      discount: 0.05,
    },
    {
      items: [
        [12345.67, 2],
        [0.99, 1],
        [333.33, 3],
      ],
      discount: 1234.56,
    },
    {
      items: [
        [1, 1],
        [1, 1],
        [1, 1],
      ],
      discount: 1,
    },
    {
      items: [
        [499.5, 1],
        [1999, 2],
        [2649.99, 1],
        [10.1, 9],
      ],
      discount: 99.99,
    },
  ];

  /** The result's own figures agree: components add up to the tax, CGST == SGST, taxable + tax = total. */
  function assertAddsUp(result: TaxResult, subtotal: number, discount: number, inclusive: boolean) {
    const tax = paise(result.totalTax);
    assert.equal(
      result.taxes.reduce((sum, c) => sum + paise(c.amount), 0),
      tax,
      'components add up to the tax',
    );
    for (const cgst of result.taxes.filter((c) => c.name === 'CGST')) {
      const sgst = result.taxes.find((c) => c.name === 'SGST' && c.rate === cgst.rate);
      assert.equal(sgst?.amount, cgst.amount, 'CGST == SGST');
    }
    assert.equal(paise(result.taxableAmount) + tax, paise(result.totalAmount), 'taxable + tax = total');
    const net = paise(subtotal) - paise(discount);
    assert.equal(paise(inclusive ? result.totalAmount : result.taxableAmount), net, 'the discounted value');
  }

  for (const inclusive of [true, false]) {
    describe(inclusive ? 'prices include GST' : 'prices exclude GST', () => {
      const target = () => (inclusive ? ctx : exclusive);

      test('through HTTP, inside and outside the store’s state, with slab rates mixed in', async () => {
        const app = target().app;
        await addRate({ hsnPrefix: '62', maxRupees: 2500, percent: 5 }, target());
        await addRate({ hsnPrefix: '62', minRupees: 2500.01, percent: 18 }, target());
        for (const { items, discount } of baskets) {
          const subtotal = items.reduce((sum, [price, quantity]) => sum + paise(price) * quantity, 0) / 100;
          for (const stateCode of ['29', '27']) {
            for (const hsnCode of ['6204', '6109']) {
              const result = await ok(
                {
                  subtotal,
                  discountAmount: discount,
                  stateCode,
                  items: items.map(([price, quantity]) => ({ price, quantity, hsnCode })),
                },
                app,
              );
              assertAddsUp(result, subtotal, discount, inclusive);
              assert.equal(result.pricesIncludeTax, inclusive);
            }
          }
        }
      });

      test('₹ 999.99 × 3 less ₹ 333.33, exactly', async () => {
        const result = await ok({ subtotal: 2999.97, discountAmount: 333.33, stateCode: '29' }, target().app);
        // 2,666.64 is the discounted value. Inclusive: CGST = round(266,664 × 9 / 118) paise = 20,338.78 → ₹ 203.39.
        // Exclusive: CGST = 9 % of 2,666.64 = 239.9976 → ₹ 240.00.
        const cgst = inclusive ? 203.39 : 240;
        assert.deepEqual(result.taxes, [
          { name: 'CGST', rate: 9, amount: cgst },
          { name: 'SGST', rate: 9, amount: cgst },
        ]);
        assert.equal(result.totalTax, Math.round(cgst * 200) / 100);
        assert.equal(result.totalAmount, inclusive ? 2666.64 : Math.round((2666.64 + 2 * cgst) * 100) / 100);
      });

      test('TaxService: every line adds up, and every total is the sum of the lines', async () => {
        const service = new TaxService(ctx.database.db, {
          storeState: '29',
          pricesIncludeGst: inclusive,
          pincodes: PincodeDirectory.load(),
          catalog: new CatalogService(ctx.database.db, { mediaBaseUrl: '', cacheTtlMs: 0 }),
        });
        for (const { items, discount } of baskets) {
          const amounts = items.map(([price, quantity]) => paise(price) * quantity);
          const total = amounts.reduce((a, b) => a + b, 0);
          // The discount put on the lines unevenly on purpose: the service takes any split.
          let left = Math.min(paise(discount), total);
          const lines: TaxLineInput[] = items.map(([price, quantity], i) => {
            const share = i === items.length - 1 ? left : Math.min(left, Math.floor(amounts[i]! / 3));
            left -= share;
            return { hsnCode: '6204', categoryId: null, unitPricePaise: paise(price), quantity, discountPaise: share };
          });
          for (const place of ['29', '27', null]) {
            const quote = await service.quote(lines, place);
            for (const line of quote.lines) {
              assert.equal(line.cgstPaise, line.sgstPaise);
              assert.equal(line.taxPaise, line.cgstPaise + line.sgstPaise + line.igstPaise);
              assert.equal(line.taxablePaise + line.taxPaise, line.totalPaise);
              assert.ok(place === '29' ? line.igstPaise === 0 : line.cgstPaise === 0);
            }
            const sum = (pick: (l: (typeof quote.lines)[number]) => number) =>
              quote.lines.reduce((a, l) => a + pick(l), 0);
            assert.equal(
              quote.taxPaise,
              sum((l) => l.taxPaise),
            );
            assert.equal(
              quote.taxablePaise,
              sum((l) => l.taxablePaise),
            );
            assert.equal(
              quote.totalPaise,
              sum((l) => l.totalPaise),
            );
            assert.equal(quote.subtotalPaise, total);
            assert.equal(quote.discountPaise, Math.min(paise(discount), total));
            assert.equal(
              quote.components.reduce((a, c) => a + c.amountPaise, 0),
              quote.taxPaise,
            );
          }
        }
      });
    });
  }

  test('TaxService refuses a line that is not whole paise or whose discount exceeds it', async () => {
    const service = new TaxService(ctx.database.db, {
      storeState: '29',
      pricesIncludeGst: true,
      pincodes: PincodeDirectory.load(),
      catalog: new CatalogService(ctx.database.db, { mediaBaseUrl: '', cacheTtlMs: 0 }),
    });
    const line: TaxLineInput = { hsnCode: '', categoryId: null, unitPricePaise: 1000, quantity: 1, discountPaise: 0 };
    for (const bad of [{ unitPricePaise: 10.5 }, { quantity: 0 }, { discountPaise: 1001 }, { discountPaise: -1 }]) {
      await assert.rejects(service.quote([{ ...line, ...bad }], '29'), RangeError, JSON.stringify(bad));
    }
  });
});

describe('prices without GST (PRICES_INCLUDE_GST=false)', () => {
  test('GST is added on top of the discounted value', async () => {
    assert.deepEqual(await ok({ subtotal: 1000, stateCode: '29' }, exclusive.app), {
      totalTax: 180,
      taxes: [
        { name: 'CGST', rate: 9, amount: 90 },
        { name: 'SGST', rate: 9, amount: 90 },
      ],
      totalAmount: 1180,
      taxableAmount: 1000,
      pricesIncludeTax: false,
      placeOfSupply: '29',
      intraState: true,
    });
    const discounted = await ok({ subtotal: 1000, discountAmount: 100, stateCode: 'Kerala' }, exclusive.app);
    assert.deepEqual(discounted.taxes, [{ name: 'IGST', rate: 18, amount: 162 }]);
    assert.equal(discounted.totalAmount, 1062);
    assert.equal(discounted.taxableAmount, 900);
  });

  test('the slab test uses the discounted piece price', async () => {
    await addRate({ hsnPrefix: '62', maxRupees: 2500, percent: 5 }, exclusive);
    await addRate({ hsnPrefix: '62', minRupees: 2500.01, percent: 18 }, exclusive);
    const rate = async (price: number, discountAmount = 0) =>
      igstRate(
        await ok({ subtotal: price, discountAmount, items: [{ price, quantity: 1, hsnCode: '6204' }] }, exclusive.app),
      );
    assert.equal(await rate(2500), 5);
    assert.equal(await rate(2500.01), 18);
    assert.equal(await rate(2600, 200), 5);
  });
});
