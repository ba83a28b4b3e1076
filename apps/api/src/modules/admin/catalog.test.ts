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
  type AdminProduct,
  type AdminProductRow,
  type AdminRole,
  type StockMovement,
} from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { categories, products, variants } from '../../db/schema';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, placePaidOrder, type Piece } from '../../test/returns';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
let piece: Piece;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = {
    owner: await staffOfRole(ctx, 'owner'),
    staff: await staffOfRole(ctx, 'staff'),
    support: await staffOfRole(ctx, 'support'),
  };
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
    const sku = product.variants[0]!.sku;
    assert.deepEqual(await ids(`q=${encodeURIComponent(sku)}`), [product.id], 'by a size’s SKU');
    assert.ok((await ids(`q=${encodeURIComponent(product.name)}`)).includes(product.id));
    assert.ok((await ids(`brand=${encodeURIComponent(product.brand.toUpperCase())}`)).includes(product.id));

    // By a category at the top of the tree: the product sits two levels below it.
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, product.id));
    const [article] = await ctx.database.db.select().from(categories).where(eq(categories.id, row!.categoryId));
    const [sub] = await ctx.database.db.select().from(categories).where(eq(categories.id, article!.parentId!));
    const [master] = await ctx.database.db.select().from(categories).where(eq(categories.id, sub!.parentId!));
    assert.ok((await ids(`category=${master!.slug}`)).includes(product.id));
    assert.ok(!(await ids('category=no-such-category')).includes(product.id));

    assert.equal((await ids('active=false')).includes(product.id), false);
    assert.equal((await ids('active=true')).includes(product.id), true);
    assert.equal((await ids('onSale=true')).includes(product.id), product.discountPercent > 0);

    for (const v of product.variants) await adjust(v.id, { mode: 'set', quantity: 10, reason: 'counted' });
    assert.ok(!(await ids('stock=low')).includes(product.id));
    await adjust(product.variants[0]!.id, { mode: 'set', quantity: 2, reason: 'counted' });
    assert.ok((await ids('stock=low')).includes(product.id), 'a size with 2 left is low');
    assert.ok(!(await ids('stock=out')).includes(product.id));
    for (const v of product.variants) await adjust(v.id, { mode: 'set', quantity: 0, reason: 'damaged' });
    assert.ok((await ids('stock=out')).includes(product.id), 'no size left');
    assert.ok(!(await ids('stock=in')).includes(product.id));
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
