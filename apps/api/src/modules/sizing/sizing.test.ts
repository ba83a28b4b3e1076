/**
 * Size charts through HTTP (docs/shopper-features.md "Size charts and fit"): the seeded charts,
 * which chart a product gets (the brand's before the store's, the article type's before its sub
 * category's, none → 404), and the admin's list, read and replace: a replaced chart is what
 * shoppers see next, audited; support and shoppers cannot replace one, and a bad chart changes
 * nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIZING_MESSAGES, type AdminRole, type SizeChart, type SizeChartBody } from '@vastra/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { auditLog, sizeCharts } from '../../db/schema';
import { insertSizeCharts, readSizeCharts } from '../../db/seed/size-charts';
import { bearer, register } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;

type Seeded = { id: string; brand: string; article_id: string; article: string; sub_id: string; sub: string };

/** An active product whose sub category (and, when given, brand and article type) match. */
async function productIn(sub: string, where: { brand?: string; notBrand?: string; article?: string } = {}) {
  const [row] = await queryRows<Seeded>(
    ctx.database.db,
    sql`SELECT p.id, p.brand, a.id AS article_id, a.name AS article, s.id AS sub_id, s.name AS sub
        FROM products p JOIN categories a ON a.id = p.category_id JOIN categories s ON s.id = a.parent_id
        WHERE p.is_active AND s.name = ${sub}
          AND (${where.brand ?? null}::text IS NULL OR p.brand = ${where.brand ?? null})
          AND (${where.notBrand ?? null}::text IS NULL OR p.brand <> ${where.notBrand ?? null})
          AND (${where.article ?? null}::text IS NULL OR a.name = ${where.article ?? null})
        ORDER BY p.id LIMIT 1`,
  );
  assert.ok(row, `a product in ${sub} ${JSON.stringify(where)}`);
  return row;
}

async function chartOf(productId: string): Promise<{ status: number; chart: SizeChart; message: string }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/products/${productId}/size-chart` });
  const body = res.json();
  return { status: res.statusCode, chart: body.data, message: body.message };
}

const chartBody = (chart: SizeChart): SizeChartBody => ({
  columns: chart.columns,
  rows: chart.rows,
  sourceName: chart.sourceName,
  sourceUrl: chart.sourceUrl,
});

before(async () => {
  ctx = await createTestApp();
  team = await staffTeam(ctx);
});
after(() => ctx.close());

describe('the seeded charts', () => {
  test('the store has Topwear, Bottomwear and Shoes charts, and brand charts, each with its source', async () => {
    const res = await asStaff(ctx.app, team.staff, 'GET', '/admin/api/size-charts');
    assert.equal(res.statusCode, 200, res.body);
    const charts: SizeChart[] = res.json().data;
    const store = charts.filter((c) => c.brand === null).map((c) => c.category.name);
    for (const name of ['Topwear', 'Bottomwear', 'Shoes']) assert.ok(store.includes(name), name);
    assert.deepEqual(
      charts
        .filter((c) => c.brand)
        .map((c) => c.brand)
        .sort(),
      ['ADIDAS', 'Nike', 'Puma', 'United Colors of Benetton'],
    );
    assert.equal(charts.length, readSizeCharts().length);
    for (const chart of charts) assert.ok(chart.sourceName.length > 10, chart.sourceName);
  });

  test('seeding again adds nothing and keeps the charts as they are', async () => {
    // Keys as the seed names categories: `master|sub` for every sub category.
    const subs = await queryRows<{ key: string; id: string }>(
      ctx.database.db,
      sql`SELECT m.name || '|' || c.name AS key, c.id FROM categories c JOIN categories m ON m.id = c.parent_id
          WHERE m.parent_id IS NULL`,
    );
    const seeded = await ctx.database.db.select().from(sizeCharts);
    const added = await insertSizeCharts(ctx.database.db, new Map(subs.map((r) => [r.key, r.id])));
    assert.equal(added, 0);
    assert.deepEqual(await ctx.database.db.select().from(sizeCharts), seeded);
  });
});

describe('GET /products/{id}/size-chart', () => {
  test("a brand with its own chart gets it: Nike's bottomwear", async () => {
    const product = await productIn('Bottomwear', { brand: 'Nike' });
    const { status, chart } = await chartOf(product.id);
    assert.equal(status, 200);
    assert.equal(chart.brand, 'Nike');
    assert.equal(chart.category.name, 'Bottomwear');
    assert.ok(chart.rows.some((r) => r.size === 'M'));
    assert.ok(chart.columns.some((c) => c.key === 'waist' && c.unit === 'cm'));
  });

  test("any other brand gets the store's chart of the sub category", async () => {
    const product = await productIn('Bottomwear', { notBrand: 'Nike' });
    const { status, chart } = await chartOf(product.id);
    assert.equal(status, 200);
    assert.equal(chart.brand, null);
    assert.equal(chart.category.name, 'Bottomwear');
    assert.match(chart.sourceName, /bottomwear/i);
  });

  test("the article type's chart comes before the sub category's; the brand's before the store's", async () => {
    const other = await productIn('Bottomwear', { notBrand: 'Nike' });
    const nike = await productIn('Bottomwear', { brand: 'Nike' });
    // A store chart for each product's article type: one when both are of one type (as on the
    // full catalogue, where both can be Shorts).
    const articles = new Map([
      [other.article_id, other.article],
      [nike.article_id, nike.article],
    ]);
    const inserted = await ctx.database.db
      .insert(sizeCharts)
      .values(
        [...articles].map(([categoryId, article]) => ({
          brand: null,
          categoryId,
          columns: [{ key: 'waist', label: 'Waist', unit: 'cm' as const }],
          rows: [{ size: '32', values: { waist: 81 } }],
          sourceName: `Test chart for ${article}`,
        })),
      )
      .returning();
    assert.equal(inserted.length, articles.size);
    try {
      const forOther = await chartOf(other.id);
      assert.equal(forOther.chart.category.name, other.article);
      assert.equal(forOther.chart.brand, null);
      // Nike's own chart of the sub category still wins over the store's chart of the article type.
      const forNike = await chartOf(nike.id);
      assert.equal(forNike.chart.brand, 'Nike');
      assert.equal(forNike.chart.category.name, 'Bottomwear');
    } finally {
      await ctx.database.db.delete(sizeCharts).where(sql`${sizeCharts.sourceName} LIKE 'Test chart for %'`);
    }
    assert.equal((await chartOf(other.id)).chart.category.name, 'Bottomwear');
  });

  test('brands match whatever their case: ADIDAS shoes get the adidas chart', async () => {
    const product = await productIn('Shoes', { brand: 'ADIDAS' });
    await ctx.database.db.update(sizeCharts).set({ brand: 'adidas' }).where(eq(sizeCharts.brand, 'ADIDAS'));
    try {
      const { chart } = await chartOf(product.id);
      assert.equal(chart.brand, 'adidas');
      assert.ok(chart.rows.some((r) => r.size === 'UK8' && r.values.eu === '42'));
    } finally {
      await ctx.database.db.update(sizeCharts).set({ brand: 'ADIDAS' }).where(eq(sizeCharts.brand, 'adidas'));
    }
  });

  test('a product with no chart for its category (a watch) is 404, and so is an unknown product', async () => {
    const watch = await productIn('Watches');
    const none = await chartOf(watch.id);
    assert.equal(none.status, 404);
    assert.equal(none.message, SIZING_MESSAGES.noChart);
    assert.equal((await chartOf('00000000-0000-4000-8000-000000000000')).status, 404);
  });
});

describe('the admin replaces a chart', () => {
  test('the owner replaces the store Topwear chart; a shopper sees it next, and the change is audited', async () => {
    const product = await productIn('Topwear', { notBrand: 'United Colors of Benetton' });
    const original = (await chartOf(product.id)).chart;
    assert.equal(original.brand, null);
    const replacement: SizeChartBody = {
      ...chartBody(original),
      columns: [...original.columns, { key: 'sleeve', label: 'Sleeve', unit: 'cm' }],
      rows: original.rows.map((row, i) => ({ size: row.size, values: { ...row.values, sleeve: 60 + i } })),
      sourceName: 'Measured by the store on its own samples',
    };
    const res = await asStaff(ctx.app, team.owner, 'PUT', `/admin/api/size-charts/${original.id}`, replacement);
    assert.equal(res.statusCode, 200, res.body);

    const changed = (await chartOf(product.id)).chart;
    assert.equal(changed.sourceName, 'Measured by the store on its own samples');
    assert.deepEqual(changed.rows[0]!.values, { ...original.rows[0]!.values, sleeve: 60 });
    assert.ok(Date.parse(changed.updatedAt) >= Date.parse(original.updatedAt));

    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'size-chart.update'), eq(auditLog.entityId, original.id)));
    assert.ok(entry, 'audited');
    assert.equal((entry.before as SizeChart).sourceName, original.sourceName);
    assert.equal((entry.after as SizeChart).sourceName, 'Measured by the store on its own samples');

    const read = await asStaff(ctx.app, team.staff, 'GET', `/admin/api/size-charts/${original.id}`);
    assert.equal(read.json().data.sourceName, 'Measured by the store on its own samples');
  });

  test('support (no catalogue rights) and shoppers cannot replace or read a chart; nothing changes', async () => {
    const product = await productIn('Shoes', { notBrand: 'ADIDAS' });
    const chart = (await chartOf(product.id)).chart;
    const attempt = { ...chartBody(chart), sourceName: 'Not allowed' };
    const bySupport = await asStaff(ctx.app, team.support, 'PUT', `/admin/api/size-charts/${chart.id}`, attempt);
    assert.equal(bySupport.statusCode, 403);
    assert.equal((await asStaff(ctx.app, team.support, 'GET', '/admin/api/size-charts')).statusCode, 403);

    const shopper = await register(ctx.app);
    const byShopper = await ctx.app.inject({
      method: 'PUT',
      url: `/admin/api/size-charts/${chart.id}`,
      headers: bearer(shopper.token),
      payload: attempt,
    });
    assert.equal(byShopper.statusCode, 401);
    assert.equal((await chartOf(product.id)).chart.sourceName, chart.sourceName);
  });

  test('a bad chart is 400 and changes nothing; an unknown chart is 404', async () => {
    const product = await productIn('Shoes', { brand: 'Puma' });
    const chart = (await chartOf(product.id)).chart;
    const put = (body: unknown, id = chart.id) =>
      asStaff(ctx.app, team.owner, 'PUT', `/admin/api/size-charts/${id}`, body);
    const good = chartBody(chart);

    const missingValue = { ...good, rows: [{ size: 'UK8', values: { uk: '8', eu: '42' } }] };
    const res = await put(missingValue);
    assert.equal(res.statusCode, 400);
    assert.match(res.json().message, /every column/);
    const textLength = { ...good, rows: [{ size: 'UK8', values: { uk: '8', eu: '42', foot: 'long' } }] };
    assert.equal((await put(textLength)).statusCode, 400);
    const duplicateSizes = { ...good, rows: [good.rows[0], good.rows[0]] };
    assert.equal((await put(duplicateSizes)).statusCode, 400);
    assert.equal((await put({ ...good, sourceUrl: 'javascript:alert(1)' })).statusCode, 400);
    assert.equal((await put(good, '00000000-0000-4000-8000-000000000000')).statusCode, 404);

    assert.deepEqual((await chartOf(product.id)).chart, chart);
  });
});
