/**
 * GST by the law out of the box (behaviour.md §4 GST rates out of the box): a fresh store’s rate
 * table holds GST_LAW_RULES (contracts) (Notification No. 9/2025-Central Tax (Rate)): apparel and
 * footwear at 5 % for a piece worth up to ₹ 2,500 (after discount, without GST) and 18 % above,
 * accessories at their own rates, 18 % for anything without a rule; and the admin's order
 * detail names the rule and slab that taxed each line.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { GST_LAW_RULES, type OrderLineTaxRule, type TaxResult } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, queryRows } from '../../db/client';
import { register } from '../../test/accounts';
import { setPricePaise, setStock } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { DELHI_ADDRESS } from '../../test/orders';
import { placePaidOrder } from '../../test/returns';
import { asStaff, staffOfRole } from '../../test/staff';

let ctx: TestContext;
/** The same store with PRICES_INCLUDE_GST=false: the price is the taxable value. */
let exclusive: TestContext;

before(async () => {
  ctx = await createTestApp();
  exclusive = await createTestApp({ env: { PRICES_INCLUDE_GST: 'false' } });
});
after(async () => {
  await ctx.close();
  await exclusive.close();
});

/** The IGST rate (percent) of one piece of `hsnCode` priced `price` rupees less `discount`. */
async function rateOf(target: TestContext, hsnCode: string, price: number, discount = 0): Promise<number> {
  const res = await target.app.inject({
    method: 'POST',
    url: '/taxes/calculate',
    payload: { subtotal: price, discountAmount: discount, items: [{ price, quantity: 1, hsnCode }] },
  });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json<{ data: TaxResult }>().data;
  assert.equal(data.taxes.length, 1, JSON.stringify(data.taxes));
  return data.taxes[0]!.rate;
}

describe('the rate table of a fresh store', () => {
  test('holds the rules of the law, one row per slab, and 18 % as the default rule', async () => {
    const rows = await queryRows<{ hsn: string | null; min: number; max: number | null; bp: number; d: string }>(
      ctx.database.db,
      sql`SELECT hsn_prefix AS hsn, min_unit_paise AS min, max_unit_paise AS max, rate_basis_points AS bp,
                 description AS d
          FROM tax_rates WHERE category_id IS NULL ORDER BY hsn_prefix NULLS FIRST, min_unit_paise`,
    );
    const expected = GST_LAW_RULES.flatMap((r) =>
      r.slabs.map((s) => ({ hsn: r.hsnPrefix, min: s.minUnitPaise, max: s.maxUnitPaise, bp: s.rateBasisPoints })),
    ).sort((a, b) => (a.hsn ?? '').localeCompare(b.hsn ?? '') || a.min - b.min);
    assert.deepEqual(
      rows.map(({ hsn, min, max, bp }) => ({ hsn, min, max, bp })),
      expected,
    );
    assert.ok(rows.every((r) => r.d.length > 0));
  });
});

describe('the GST law migration on a store that already has rates', () => {
  const lawStatement = () => {
    // Found by name, whatever its number.
    const name = fs.readdirSync(MIGRATIONS_DIR).find((f) => f.endsWith('_gst_law_rates.sql'))!;
    const file = path.join(MIGRATIONS_DIR, name);
    return fs.readFileSync(file, 'utf8').split('--> statement-breakpoint').at(-1)!;
  };
  const rules = async (target: TestContext) =>
    (await queryRows<{ n: number }>(target.database.db, sql`SELECT count(*)::int AS n FROM tax_rates`))[0]!.n;
  const slabCount = GST_LAW_RULES.reduce((n, r) => n + r.slabs.length, 0);

  test('only the old flat 18 %: the law’s rules are added; an owner’s own rates: nothing changes', async () => {
    const db = exclusive.database.db;
    await db.execute(sql`DELETE FROM tax_rates WHERE hsn_prefix IS NOT NULL`);
    await db.execute(sql`UPDATE tax_rates SET description = 'GST 18 % on every product (the India region''s rate)'`);
    await db.execute(sql.raw(lawStatement()));
    assert.equal(await rules(exclusive), slabCount);
    assert.equal(await rateOf(exclusive, '6204', 1000), 5);

    await db.execute(sql`DELETE FROM tax_rates WHERE hsn_prefix IS NOT NULL`);
    await db.execute(
      sql`INSERT INTO tax_rates (hsn_prefix, rate_basis_points, description) VALUES ('62', 1200, 'mine')`,
    );
    await db.execute(sql.raw(lawStatement()));
    assert.equal(await rules(exclusive), 2, 'the owner’s rule and the default, untouched');
    assert.equal(await rateOf(exclusive, '6204', 1000), 12);
    // Put the law back for the tests that follow.
    await db.execute(sql`DELETE FROM tax_rates WHERE hsn_prefix IS NOT NULL`);
    await db.execute(sql.raw(lawStatement()));
    assert.equal(await rules(exclusive), slabCount);
  });
});

describe('apparel and footwear: 5 % up to ₹ 2,500 a piece, 18 % above', () => {
  test('prices without GST: ₹ 2,500 → 5 %, ₹ 2,501 → 18 %, ₹ 2,800 less ₹ 300 → 5 %', async () => {
    for (const hsnCode of ['6109', '6204', '6304', '6404']) {
      assert.equal(await rateOf(exclusive, hsnCode, 2500), 5, hsnCode);
      assert.equal(await rateOf(exclusive, hsnCode, 2501), 18, hsnCode);
      assert.equal(await rateOf(exclusive, hsnCode, 2800, 300), 5, `${hsnCode} discounted to ₹ 2,500`);
      assert.equal(await rateOf(exclusive, hsnCode, 2800, 299), 18, `${hsnCode} discounted to ₹ 2,501`);
    }
  });

  test('prices with GST: the slab is tested on the value without GST', async () => {
    // ₹ 2,625 is ₹ 2,500 + 5 %; ₹ 2,626.05 is ₹ 2,501 + 5 %.
    assert.equal(await rateOf(ctx, '6204', 2625), 5);
    assert.equal(await rateOf(ctx, '6204', 2626.05), 18);
    assert.equal(await rateOf(ctx, '6204', 2800, 175), 5, '₹ 2,800 less ₹ 175 is ₹ 2,500 + 5 %');
    assert.equal(await rateOf(ctx, '6204', 359), 5, 'a ₹ 359 kurta');
  });

  test('a seeded kurta, named by its product, is taxed at 5 %', async () => {
    const [kurta] = await queryRows<{ id: string; hsn_code: string }>(
      ctx.database.db,
      sql`SELECT p.id, p.hsn_code FROM products p WHERE p.hsn_code LIKE '62%' AND p.price_paise <= 250000 LIMIT 1`,
    );
    assert.ok(kurta, 'the seeded catalogue has apparel of chapter 62');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/taxes/calculate',
      payload: { subtotal: 359, items: [{ price: 359, quantity: 1, productId: kurta.id }] },
    });
    assert.deepEqual(res.json<{ data: TaxResult }>().data.taxes, [{ name: 'IGST', rate: 5, amount: 17.1 }]);
  });
});

describe('other goods at their own rates', () => {
  test('watches 18 % at any price, imitation jewellery 3 %, bags 18 %, no rule → 18 %', async () => {
    for (const [hsnCode, price, rate] of [
      ['9102', 1000, 18],
      ['9102', 2400, 18],
      ['7117', 1000, 3],
      ['7113', 5000, 3],
      ['4202', 1500, 18],
      ['3303', 800, 18],
      ['6601', 600, 5],
      ['3924', 400, 18],
      ['', 400, 18],
    ] as const) {
      assert.equal(await rateOf(exclusive, hsnCode, price), rate, `${hsnCode || 'no HSN'} at ₹ ${price}`);
    }
  });
});

describe('GET /admin/api/orders/:id names the rule that taxed each line', () => {
  test('a ₹ 1,299 shirt (HSN 62, up to ₹ 2,500, 5 %), a ₹ 2,999 one (above, 18 %) and a watch (HSN 9102, 18 %)', async () => {
    const pick = (like: string) =>
      queryRows<{ productId: string; variantId: string }>(
        ctx.database.db,
        sql`SELECT DISTINCT ON (p.id) p.id AS "productId", v.id AS "variantId" FROM products p
            JOIN variants v ON v.product_id = p.id WHERE p.is_active AND p.hsn_code LIKE ${like}
            ORDER BY p.id, v.position LIMIT 2`,
      );
    const [cheap, dear] = await pick('62%');
    const [watch] = await pick('9102');
    assert.ok(cheap && dear && watch, 'the seeded catalogue has two chapter 62 pieces and a watch');
    for (const [piece, pricePaise] of [
      [cheap, 129_900],
      [dear, 299_900],
      [watch, 249_900],
    ] as const) {
      await setPricePaise(ctx.database.db, piece.variantId, pricePaise);
      await setStock(ctx.database.db, piece.variantId, 5);
    }
    const shopper = await register(ctx.app, { name: 'Kavya Rao', phone: '9123456781' });
    const order = await placePaidOrder(ctx, shopper, {
      items: [cheap, dear, watch].map((p) => ({ ...p, quantity: 1 })),
      shippingAddress: DELHI_ADDRESS,
    });
    assert.deepEqual(
      order.items.map((i) => i.taxRate),
      [5, 18, 18],
    );

    const support = await staffOfRole(ctx, 'support');
    const res = await asStaff(ctx.app, support, 'GET', `/admin/api/orders/${order.id}`);
    assert.equal(res.statusCode, 200, res.body);
    const { taxRules } = res.json<{ data: { taxRules: OrderLineTaxRule[] } }>().data;
    const slab = (hsnPrefix: string, minUnitPaise: number, maxUnitPaise: number | null, rateBasisPoints: number) => {
      const rule = GST_LAW_RULES.find((r) => r.hsnPrefix === hsnPrefix)!;
      return {
        hsnPrefix,
        categoryId: null,
        categoryPath: null,
        minUnitPaise,
        maxUnitPaise,
        rateBasisPoints,
        description: rule.description,
      };
    };
    assert.deepEqual(taxRules, [
      { itemId: order.items[0]!.id, rule: slab('62', 0, 250_000, 500) },
      { itemId: order.items[1]!.id, rule: slab('62', 250_001, null, 1800) },
      { itemId: order.items[2]!.id, rule: slab('9102', 0, null, 1800) },
    ]);
  });
});
