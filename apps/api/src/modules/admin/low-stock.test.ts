/**
 * The store's low-stock threshold (docs/admin.md "Products and stock"): an admin setting,
 * LOW_STOCK_THRESHOLD until the owner changes it, used at once by the dashboard's low stock
 * and the product list's `stock=low` filter; only the owner may change it, within 0–10,000
 * whole pieces, and each change is audited once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LOW_STOCK_THRESHOLD, type AdminProductRow, type AdminRole, type AdminSettings } from '@vastra/contracts';
import { count, eq } from 'drizzle-orm';
import { auditLog, variants } from '../../db/schema';
import { pickProducts, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let product: TestProduct;

before(async () => {
  ctx = await createTestApp();
  team = await staffTeam(ctx);
  [product] = (await pickProducts(ctx.database.db, 1)) as [TestProduct];
  // Every size well stocked but one of this product's, with 5 pieces.
  await ctx.database.db.update(variants).set({ stock: 100 });
  await ctx.database.db.update(variants).set({ stock: 5 }).where(eq(variants.id, product.variants[0]!.id));
});
after(() => ctx.close());

const audits = async () => (await ctx.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const setThreshold = (lowStockThreshold: unknown, who = team.owner) =>
  asStaff(ctx.app, who, 'PUT', '/admin/api/settings', { lowStockThreshold });
const dashboardLow = async () => {
  const res = await asStaff(ctx.app, team.staff, 'GET', '/admin/api/dashboard');
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().data.lowStock as { variantId: string }[]).map((v) => v.variantId);
};
const listedLow = async () => {
  const res = await asStaff(ctx.app, team.staff, 'GET', '/admin/api/products?stock=low&perPage=100');
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().data.rows as AdminProductRow[]).map((p) => p.id);
};

describe('the low-stock threshold', () => {
  it('is LOW_STOCK_THRESHOLD until set: a size with 5 pieces is not low', async () => {
    const res = await asStaff(ctx.app, team.owner, 'GET', '/admin/api/settings');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json().data as AdminSettings).lowStockThreshold, LOW_STOCK_THRESHOLD);
    assert.ok(LOW_STOCK_THRESHOLD < 5);
    assert.deepEqual(await dashboardLow(), []);
    assert.deepEqual(await listedLow(), []);
  });

  it('set by the owner, the dashboard and the product filter use it at once; audited once', async () => {
    const before = await audits();
    const res = await setThreshold(5);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().data, { requireTotp: false, lowStockThreshold: 5 });
    assert.equal(await audits(), before + 1);
    assert.deepEqual(await dashboardLow(), [product.variants[0]!.id]);
    assert.deepEqual(await listedLow(), [product.id]);

    assert.equal((await setThreshold(4)).statusCode, 200);
    assert.deepEqual(await dashboardLow(), []);
    assert.deepEqual(await listedLow(), []);
  });

  it('refuses a threshold that is not a whole number of pieces from 0 to 10,000, and anyone but the owner; nothing audited', async () => {
    const before = await audits();
    for (const bad of [-1, 2.5, 10_001, '5', null]) {
      assert.equal((await setThreshold(bad)).statusCode, 400, `threshold ${bad}`);
    }
    for (const who of [team.staff, team.support]) {
      assert.equal((await setThreshold(10, who)).statusCode, 403, who.role);
      assert.equal((await asStaff(ctx.app, who, 'GET', '/admin/api/settings')).statusCode, 403, who.role);
    }
    assert.equal(await audits(), before);
    const kept = await asStaff(ctx.app, team.owner, 'GET', '/admin/api/settings');
    assert.equal((kept.json().data as AdminSettings).lowStockThreshold, 4);
  });
});
