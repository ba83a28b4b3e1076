/**
 * The admin's GST rates (docs/admin.md "GST rates"): the rate table's slabs listed, made,
 * changed and removed by the owner with their rules checked (GST rates only, HSN prefix
 * digits, a known category, slab bounds in order and not overlapping); the preview of a
 * sample price now and under a proposed change, split as pricing splits it; a change reaching
 * the next checkout quote at once while an order placed before keeps its GST; staff may read,
 * support nothing; every write audited once and nothing refused audited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  TAX_RATE_MESSAGES,
  lawRateFor,
  type AdminCategory,
  type AdminRole,
  type TaxRate,
  type TaxRatePreviewResult,
} from '@vastra/contracts';
import { count, eq } from 'drizzle-orm';
import { auditLog, products } from '../../db/schema';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, placePaidOrder, type Piece } from '../../test/returns';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
let piece: Piece;
let hsnCode: string;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = await staffTeam(ctx);
  shopper = await register(ctx.app);
  [piece] = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 105_000 })) as [Piece];
  // An HSN code of its own, which no rule of the law covers (GST_LAW_RULES, contracts): the default rule (the
  // region's 18 %) taxes it until the test's own rules for '9608' do.
  hsnCode = '96089999';
  assert.equal(lawRateFor(hsnCode, 105_000).rule.hsnPrefix, null);
  await ctx.database.db.update(products).set({ hsnCode }).where(eq(products.id, piece.productId));
});
after(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, who = team.owner) =>
  asStaff(ctx.app, who, method, url, body);
const audits = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;

/** The shopper's checkout quote of one piece shipped inside the store's state (Karnataka). */
async function quotedLine() {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/checkout/quote',
    headers: bearer(shopper.token),
    payload: { items: [{ productId: piece.productId, variantId: piece.variantId, quantity: 1 }], stateCode: '29' },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.lines[0] as { taxRate: number; cgst: number; sgst: number; tax: number };
}

describe('GST rates in the admin', () => {
  it('lists the seeded default 18 % first; staff may read', async () => {
    for (const who of [team.owner, team.staff]) {
      const res = await call('GET', '/admin/api/tax-rates', undefined, who);
      assert.equal(res.statusCode, 200, res.body);
      const first = (res.json().data as TaxRate[])[0]!;
      assert.deepEqual([first.hsnPrefix, first.categoryId, first.rateBasisPoints], [null, null, 1800]);
    }
  });

  it('refuses a rate that is not a GST rate, a bad HSN prefix, an unknown category and slabs out of order, auditing nothing', async () => {
    const before = await audits();
    const refused: [unknown, number, string][] = [
      [{ rateBasisPoints: 1700 }, 400, TAX_RATE_MESSAGES.rate],
      [{ rateBasisPoints: 500, hsnPrefix: '6a' }, 400, TAX_RATE_MESSAGES.hsnPrefix],
      [{ rateBasisPoints: 500, hsnPrefix: '6' }, 400, TAX_RATE_MESSAGES.hsnPrefix],
      [
        { rateBasisPoints: 500, categoryId: '00000000-0000-4000-8000-000000000000' },
        400,
        TAX_RATE_MESSAGES.unknownCategory,
      ],
      [{ rateBasisPoints: 500, minUnitPaise: 5000, maxUnitPaise: 4000 }, 400, TAX_RATE_MESSAGES.slabOrder],
      [{ rateBasisPoints: 500, minUnitPaise: 10.5 }, 400, ''],
      // The seeded default covers every price: another default slab overlaps it.
      [{ rateBasisPoints: 500 }, 409, TAX_RATE_MESSAGES.overlap],
    ];
    for (const [body, status, message] of refused) {
      const res = await call('POST', '/admin/api/tax-rates', body);
      assert.equal(res.statusCode, status, `${JSON.stringify(body)}: ${res.body}`);
      if (message) assert.match(res.json().message, new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    }
    assert.equal(await audits(), before);
  });

  it('previews a sample price now and under a proposed slab, as pricing splits it', async () => {
    const before = await audits();
    const res = await call('POST', '/admin/api/tax-rates/preview', {
      pricePaise: 105_000,
      hsnCode,
      change: { rule: { hsnPrefix: '9608', maxUnitPaise: 250_000, rateBasisPoints: 500 } },
    });
    assert.equal(res.statusCode, 200, res.body);
    const preview = res.json().data as TaxRatePreviewResult;
    assert.equal(preview.pricesIncludeTax, true);
    // ₹1,050 with 18 % inside: 1050 × 18/118 = ₹160.17, CGST = SGST = ₹80.08.
    assert.deepEqual(preview.current, {
      rateBasisPoints: 1800,
      withinState: {
        taxablePaise: 88_984,
        cgstPaise: 8008,
        sgstPaise: 8008,
        igstPaise: 0,
        taxPaise: 16_016,
        totalPaise: 105_000,
      },
      otherState: {
        taxablePaise: 88_983,
        cgstPaise: 0,
        sgstPaise: 0,
        igstPaise: 16_017,
        taxPaise: 16_017,
        totalPaise: 105_000,
      },
    });
    // At 5 %: 1050 × 5/105 = ₹50.
    assert.equal(preview.proposed?.rateBasisPoints, 500);
    assert.deepEqual(
      [
        preview.proposed?.withinState.cgstPaise,
        preview.proposed?.otherState.igstPaise,
        preview.proposed?.withinState.taxablePaise,
      ],
      [2500, 5000, 100_000],
    );
    assert.equal(await audits(), before + 1, 'the preview is audited once and changes nothing');
    // Changing the default slab itself (not an overlap with itself): 12 % for every product.
    const [seeded] = (await call('GET', '/admin/api/tax-rates')).json().data as TaxRate[];
    const edited = await call('POST', '/admin/api/tax-rates/preview', {
      pricePaise: 105_000,
      change: { id: seeded!.id, rule: { rateBasisPoints: 1200 } },
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal((edited.json().data as TaxRatePreviewResult).proposed?.rateBasisPoints, 1200);
    const rates = (await call('GET', '/admin/api/tax-rates')).json().data as TaxRate[];
    assert.equal(
      rates.some((r) => r.hsnPrefix === '9608'),
      false,
    );
  });

  it('a change reaches the next quote at once; an order placed before keeps its GST', async () => {
    assert.equal((await quotedLine()).taxRate, 18);
    const order = await placePaidOrder(ctx, shopper, {
      items: [{ productId: piece.productId, variantId: piece.variantId, quantity: 1 }],
    });
    assert.equal(order.items[0]!.taxRate, 18);

    let before = await audits();
    const made = await call('POST', '/admin/api/tax-rates', {
      hsnPrefix: '9608',
      maxUnitPaise: 250_000,
      rateBasisPoints: 500,
      description: 'Pens up to ₹2,500',
    });
    assert.equal(made.statusCode, 201, made.body);
    const slab = made.json().data as TaxRate;
    assert.equal(await audits(), before + 1);
    const at5 = await quotedLine();
    assert.deepEqual([at5.taxRate, at5.cgst, at5.sgst, at5.tax], [5, 25, 25, 50]);

    // ₹1,050 with 5 % inside is ₹1,000 of value, above a slab ending at ₹900: the rule has no
    // slab for it, so the default 18 % applies again.
    before = await audits();
    const narrowed = await call('PUT', `/admin/api/tax-rates/${slab.id}`, {
      hsnPrefix: '9608',
      maxUnitPaise: 90_000,
      rateBasisPoints: 500,
    });
    assert.equal(narrowed.statusCode, 200, narrowed.body);
    assert.equal((await quotedLine()).taxRate, 18);
    const widened = await call('PUT', `/admin/api/tax-rates/${slab.id}`, { hsnPrefix: '9608', rateBasisPoints: 1200 });
    assert.equal(widened.statusCode, 200, widened.body);
    assert.equal((await quotedLine()).taxRate, 12);
    assert.equal(await audits(), before + 2);

    const placed = await ctx.app.inject({ method: 'GET', url: `/orders/${order.id}`, headers: bearer(shopper.token) });
    assert.equal(placed.statusCode, 200, placed.body);
    const kept = placed.json().data.order;
    assert.equal(kept.items[0].taxRate, 18, 'the placed order keeps the rate it was taxed at');
    assert.equal(kept.totalTax, order.totalTax);

    before = await audits();
    const removed = await call('DELETE', `/admin/api/tax-rates/${slab.id}`);
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal(await audits(), before + 1);
    assert.equal((await quotedLine()).taxRate, 18);
    assert.equal((await call('DELETE', `/admin/api/tax-rates/${slab.id}`)).statusCode, 404);
  });

  it('a category rule covers the categories below it; a slab overlapping its rule is refused', async () => {
    const cats = (await call('GET', '/admin/api/categories')).json().data as AdminCategory[];
    const [{ category_id }] = (await ctx.database.db
      .select({ category_id: products.categoryId })
      .from(products)
      .where(eq(products.id, piece.productId))) as [{ category_id: string }];
    const master = cats.find((c) => c.id === category_id)!.path.split(' › ')[0];
    const top = cats.find((c) => c.level === 'master' && c.name === master)!;
    const made = await call('POST', '/admin/api/tax-rates', { categoryId: top.id, rateBasisPoints: 300 });
    assert.equal(made.statusCode, 201, made.body);
    assert.equal((made.json().data as TaxRate).categoryPath, top.name);
    assert.equal((await quotedLine()).taxRate, 3);
    const overlapping = await call('POST', '/admin/api/tax-rates', {
      categoryId: top.id,
      minUnitPaise: 50_000,
      rateBasisPoints: 500,
    });
    assert.equal(overlapping.statusCode, 409, overlapping.body);
    assert.equal((await call('DELETE', `/admin/api/tax-rates/${made.json().data.id}`)).statusCode, 200);
  });

  it('staff may not change rates and support may not even read them; nothing is audited', async () => {
    const [rate] = (await call('GET', '/admin/api/tax-rates')).json().data as TaxRate[];
    const before = await audits();
    const writes: ['POST' | 'PUT' | 'DELETE', string, unknown][] = [
      ['POST', '/admin/api/tax-rates', { rateBasisPoints: 500, hsnPrefix: '61' }],
      ['PUT', `/admin/api/tax-rates/${rate!.id}`, { rateBasisPoints: 500 }],
      ['DELETE', `/admin/api/tax-rates/${rate!.id}`, undefined],
      ['POST', '/admin/api/tax-rates/preview', { pricePaise: 100_000 }],
    ];
    for (const who of [team.staff, team.support]) {
      for (const [method, url, body] of writes) {
        const res = await call(method, url, body, who);
        assert.equal(res.statusCode, 403, `${who.role} ${method} ${url}: ${res.body}`);
      }
    }
    assert.equal((await call('GET', '/admin/api/tax-rates', undefined, team.support)).statusCode, 403);
    assert.equal(await audits(), before);
  });
});
