/**
 * The admin's products and stock (docs/admin.md "Products and stock"): support is refused,
 * the product list's search and filters, a size's stock set or changed with a reason (never
 * below zero, nothing changed when refused), and a stock movement for every change: the
 * store's, an order's and its cancellation's, each audited where the admin made it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ADMIN_MESSAGES,
  PRODUCT_ACTIVATION_MESSAGES,
  type AdminProduct,
  type AdminProductRow,
  type AdminRole,
  type StockImportResult,
  type StockMovement,
} from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { categories, products, variants } from '../../db/schema';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, placePaidOrder, type Piece } from '../../test/returns';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
let piece: Piece;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = await staffTeam(ctx);
  shopper = await register(ctx.app, { name: 'Ritu Sharma' });
  piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 99_900 }))[0]!;
});
after(() => ctx.close());

const productOf = async (id: string) =>
  (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/products/${id}`)).json().data as AdminProduct;
const adjust = (variantId: string, body: object) =>
  asStaff(ctx.app, team.staff, 'POST', `/admin/api/variants/${variantId}/stock`, body);
const movementsOf = async (variantId: string) =>
  (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/variants/${variantId}/movements`)).json()
    .data as StockMovement[];

describe('products and stock', () => {
  it('are for the owner and staff; support is refused', async () => {
    const routes: [string, string, unknown][] = [
      ['GET', '/admin/api/products', undefined],
      ['GET', `/admin/api/products/${piece.productId}`, undefined],
      ['GET', `/admin/api/variants/${piece.variantId}/movements`, undefined],
      ['POST', `/admin/api/variants/${piece.variantId}/stock`, { mode: 'delta', quantity: 1, reason: 'received' }],
    ];
    for (const [method, url, body] of routes) {
      const refused = await asStaff(ctx.app, team.support, method as 'GET', url, body);
      assert.equal(refused.statusCode, 403, `support ${method} ${url}`);
      for (const role of ['staff', 'owner'] as const) {
        const res = await asStaff(ctx.app, team[role], method as 'GET', url, body);
        assert.equal(res.statusCode, 200, `${role} ${method} ${url}: ${res.body}`);
      }
    }
  });

  it('lists products by search (name, SKU) and filters (category, brand, active, stock, sale)', async () => {
    const product = await productOf(piece.productId);
    const ids = async (query: string) => {
      const res = await asStaff(ctx.app, team.staff, 'GET', `/admin/api/products?perPage=200&${query}`);
      assert.equal(res.statusCode, 200, res.body);
      return (res.json().data.rows as AdminProductRow[]).map((r) => r.id);
    };
    // Filters are checked on this product alone (its slug narrows the list): the catalogue has
    // more matches than a page holds.
    const has = async (query: string) => (await ids(`q=${product.slug}&${query}`)).includes(product.id);
    const sku = product.variants[0]!.sku;
    assert.deepEqual(await ids(`q=${encodeURIComponent(sku)}`), [product.id], 'by a size’s SKU');
    assert.ok((await ids(`q=${encodeURIComponent(product.name)}`)).includes(product.id));
    assert.ok(await has(`brand=${encodeURIComponent(product.brand.toUpperCase())}`));

    // By a category at the top of the tree: the product sits two levels below it.
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    const [article] = await ctx.database.db.select().from(categories).where(eq(categories.id, row!.categoryId));
    const [sub] = await ctx.database.db.select().from(categories).where(eq(categories.id, article!.parentId!));
    const [master] = await ctx.database.db.select().from(categories).where(eq(categories.id, sub!.parentId!));
    assert.ok(await has(`category=${master!.slug}`));
    assert.ok(!(await has('category=no-such-category')));

    assert.equal(await has('active=false'), false);
    assert.equal(await has('active=true'), true);
    assert.equal(await has('onSale=true'), product.discountPercent > 0);

    for (const v of product.variants) await adjust(v.id, { mode: 'set', quantity: 10, reason: 'counted' });
    assert.ok(!(await has('stock=low')));
    await adjust(product.variants[0]!.id, { mode: 'set', quantity: 2, reason: 'counted' });
    assert.ok(await has('stock=low'), 'a size with 2 left is low');
    assert.ok(!(await has('stock=out')));
    for (const v of product.variants) await adjust(v.id, { mode: 'set', quantity: 0, reason: 'damaged' });
    assert.ok(await has('stock=out'), 'no size left');
    assert.ok(!(await has('stock=in')));
    assert.equal((await productOf(product.id)).stock, 0);

    assert.equal((await asStaff(ctx.app, team.staff, 'GET', '/admin/api/products?stock=some')).statusCode, 400);
  });

  it('sets and changes a size’s stock with a reason, never below zero, each change a movement, audited', async () => {
    const variantId = piece.variantId;
    const audited = async () => {
      const res = await asStaff(
        ctx.app,
        team.owner,
        'GET',
        `/admin/api/audit?action=stock.adjust&entityId=${variantId}`,
      );
      return res.json().data as { total: number; rows: { before: { stock: number }; after: { stock: number } }[] };
    };
    const auditedBefore = (await audited()).total;
    const set = await adjust(variantId, { mode: 'set', quantity: 7, reason: 'counted', note: 'Shelf count' });
    assert.equal(set.statusCode, 200, set.body);
    const received = await adjust(variantId, { mode: 'delta', quantity: 5, reason: 'received' });
    assert.equal(received.json().data.stockAfter, 12);
    const damaged = await adjust(variantId, { mode: 'delta', quantity: -2, reason: 'damaged' });
    assert.deepEqual([damaged.json().data.stockBefore, damaged.json().data.stockAfter], [12, 10]);

    const tooMany = await adjust(variantId, { mode: 'delta', quantity: -11, reason: 'damaged' });
    assert.equal(tooMany.statusCode, 400);
    assert.equal(tooMany.json().message, ADMIN_MESSAGES.stockBelowZero);
    const negative = await adjust(variantId, { mode: 'set', quantity: -1, reason: 'counted' });
    assert.equal(negative.statusCode, 400);
    const badReason = await adjust(variantId, { mode: 'delta', quantity: 1, reason: 'ordered' });
    assert.equal(badReason.statusCode, 400, 'orders’ reasons are not the store’s to give');
    const unknown = await adjust('00000000-0000-4000-8000-000000000000', {
      mode: 'delta',
      quantity: 1,
      reason: 'received',
    });
    assert.equal(unknown.statusCode, 404);
    const [row] = await ctx.database.db.select().from(variants).where(eq(variants.id, variantId));
    assert.equal(row!.stock, 10, 'a refused change changes nothing');

    const latest = (await movementsOf(variantId)).slice(0, 3);
    assert.deepEqual(
      latest.map((m) => [m.reason, m.stockBefore, m.stockAfter, m.actor]),
      [
        ['damaged', 12, 10, team.staff.email],
        ['received', 7, 12, team.staff.email],
        ['counted', latest[2]!.stockBefore, 7, team.staff.email],
      ],
    );
    assert.equal(latest[2]!.reference, 'Shelf count');

    const audit = await audited();
    assert.deepEqual([audit.rows[0]!.before.stock, audit.rows[0]!.after.stock], [12, 10], 'before and after');
    assert.equal(audit.total, auditedBefore + 3, 'refused changes are not audited');
  });

  it('records an order taking stock and its cancellation giving it back', async () => {
    await adjust(piece.variantId, { mode: 'set', quantity: 20, reason: 'received' });
    const order = await placePaidOrder(ctx, shopper, {
      items: [{ productId: piece.productId, variantId: piece.variantId, quantity: 3 }],
    });
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/orders/${order.id}/cancel`,
      headers: bearer(shopper.token),
      payload: { reason: 'Ordered by mistake' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const [released, ordered] = await movementsOf(piece.variantId);
    assert.deepEqual(
      [ordered!.reason, ordered!.stockBefore, ordered!.stockAfter, ordered!.actor, ordered!.reference],
      ['ordered', 20, 17, 'shopper', order.orderNumber],
    );
    assert.deepEqual(
      [released!.reason, released!.stockBefore, released!.stockAfter, released!.reference],
      ['released', 17, 20, order.orderNumber],
    );
  });
});

describe('putting products on sale', () => {
  it('needs a size, a price and a photo; taking off always works; shoppers see the change', async () => {
    const [, other] = await piecesOf(ctx, 2, { blocked: false, pricePaise: 99_900 });
    const id = other!.productId;
    const status = (active: boolean, ids = [id]) =>
      asStaff(ctx.app, team.staff, 'POST', '/admin/api/products/status', { ids, status: active ? 'active' : 'draft' });
    const shopperView = async () => (await ctx.app.inject({ method: 'GET', url: `/products/${id}` })).statusCode;
    assert.equal(await shopperView(), 200);

    const off = await status(false);
    assert.deepEqual(off.json().data, { changed: [id], refused: [] });
    assert.equal(await shopperView(), 404, 'an inactive product is not shown');

    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, id));
    await ctx.database.db.update(products).set({ images: [] }).where(eq(products.id, id));
    const noPhoto = await status(true);
    assert.deepEqual(noPhoto.json().data.refused, [
      { id, name: row!.name, message: PRODUCT_ACTIVATION_MESSAGES.noPhoto },
    ]);
    assert.equal(await shopperView(), 404, 'refused: still off sale');
    await ctx.database.db.update(products).set({ images: row!.images }).where(eq(products.id, id));
    await ctx.database.db.update(variants).set({ pricePaise: 0 }).where(eq(variants.productId, id));
    assert.equal((await status(true)).json().data.refused[0].message, PRODUCT_ACTIVATION_MESSAGES.noPrice);
    await ctx.database.db.update(variants).set({ pricePaise: 99_900 }).where(eq(variants.productId, id));

    const on = await status(true, [id, '00000000-0000-4000-8000-000000000000']);
    assert.deepEqual(on.json().data, { changed: [id], refused: [] }, 'an unknown id is left out');
    assert.equal(await shopperView(), 200);
    assert.equal(
      (await asStaff(ctx.app, team.support, 'POST', '/admin/api/products/status', { ids: [id], status: 'archived' }))
        .statusCode,
      403,
    );
  });
});

describe('stock import', () => {
  const importCsv = (body: object, who: StaffLogin = team.staff) =>
    asStaff(ctx.app, who, 'POST', '/admin/api/stock/import', body);

  it('checks every row in a dry run, names the bad ones, and changes nothing until applied', async () => {
    // A product with two sizes (the seeded catalogue's order of products is random).
    const listed = await asStaff(ctx.app, team.staff, 'GET', '/admin/api/products?active=true&perPage=200');
    const twoSizes = (listed.json().data.rows as AdminProductRow[]).find((r) => r.sizes >= 2);
    assert.ok(twoSizes, 'a product with two sizes');
    const product = await productOf(twoSizes.id);
    const [a, b] = product.variants as [AdminProduct['variants'][number], AdminProduct['variants'][number]];
    await adjust(a.id, { mode: 'set', quantity: 4, reason: 'counted' });
    await adjust(b.id, { mode: 'set', quantity: 1, reason: 'counted' });
    const bad = [
      'sku,quantity',
      `${a.sku},6`,
      'NO-SUCH-SKU,2',
      `${b.sku},-3`,
      `${a.sku.toLowerCase()},1`,
      'X,two',
    ].join('\n');
    const checked = await importCsv({ csv: bad, mode: 'delta', reason: 'received', dryRun: false });
    assert.equal(checked.statusCode, 200, checked.body);
    const result = checked.json().data as StockImportResult;
    assert.equal(result.applied, false, 'one bad row and nothing is applied');
    assert.deepEqual(
      result.errors.map((e) => [e.line, e.message]),
      [
        [3, 'No size has this SKU.'],
        [4, `${ADMIN_MESSAGES.stockBelowZero} (1 now)`],
        [5, 'This SKU is on an earlier line too.'],
        [6, 'The quantity must be a whole number.'],
      ],
    );
    assert.deepEqual(
      (await productOf(product.id)).variants.slice(0, 2).map((v) => v.stock),
      [4, 1],
    );

    const good = ['sku,quantity', `${a.sku},6`, `${b.sku.toLowerCase()},-1`].join('\n');
    const dry = (await importCsv({ csv: good, mode: 'delta', reason: 'received' })).json().data as StockImportResult;
    assert.deepEqual(
      [dry.applied, dry.errors, dry.changes.map((c) => [c.sku, c.stockBefore, c.stockAfter])],
      [
        false,
        [],
        [
          [a.sku, 4, 10],
          [b.sku, 1, 0],
        ],
      ],
      'a dry run is the default',
    );
    assert.deepEqual(
      (await productOf(product.id)).variants.slice(0, 2).map((v) => v.stock),
      [4, 1],
    );

    const applied = await importCsv({ csv: good, mode: 'delta', reason: 'received', dryRun: false });
    assert.equal((applied.json().data as StockImportResult).applied, true);
    assert.deepEqual(
      (await productOf(product.id)).variants.slice(0, 2).map((v) => v.stock),
      [10, 0],
    );
    const [movement] = await movementsOf(a.id);
    assert.deepEqual(
      [movement!.reason, movement!.stockBefore, movement!.stockAfter, movement!.reference, movement!.actor],
      ['received', 4, 10, 'stock import', team.staff.email],
    );

    const counted = await importCsv({
      csv: `sku,quantity\n${a.sku},3`,
      mode: 'set',
      reason: 'counted',
      dryRun: false,
    });
    assert.equal((counted.json().data as StockImportResult).applied, true);
    assert.equal((await productOf(product.id)).variants[0]!.stock, 3);
  });

  it('refuses a file without the header, and support', async () => {
    const noHeader = await importCsv({ csv: 'VST-1,2', mode: 'set', reason: 'counted' });
    assert.deepEqual((noHeader.json().data as StockImportResult).errors, [
      { line: 1, sku: '', message: 'The first line must be the header sku,quantity.' },
    ]);
    const refused = await importCsv({ csv: 'sku,quantity\nVST-1,2', mode: 'set', reason: 'counted' }, team.support);
    assert.equal(refused.statusCode, 403);
    const badMode = await importCsv({ csv: 'sku,quantity\nVST-1,2', mode: 'add', reason: 'counted' });
    assert.equal(badMode.statusCode, 400);
  });
});
