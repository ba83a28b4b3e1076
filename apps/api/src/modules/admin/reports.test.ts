/**
 * GST reports (docs/admin.md): for the month, the sales register lists every invoice and
 * credit note issued, and the B2C and HSN summaries equal the invoices' lines minus the credit
 * notes' lines, per rate and per state, to the paisa; CSV for each, negative amounts written as
 * numbers, not guarded as formulas; support may not read them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { and, eq, inArray } from 'drizzle-orm';
import type { GstReport } from '@vastra/contracts';
import { invoiceDocuments, orderItems, orders, returnItems } from '../../db/schema';
import { istDay } from '../../lib/india-time';
import { register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { DELHI_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, placePaidOrder, sendReturn } from '../../test/returns';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let owner: StaffLogin;
let shopper: Account;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  owner = await staffOfRole(ctx, 'owner');
  shopper = await register(ctx.app, { name: 'Kavya Nair' });
});
after(() => ctx.close());

type Tax = { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number };
const zero = (): Tax => ({ taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 });
function add(into: Tax, line: Tax, sign: number) {
  for (const key of Object.keys(into) as (keyof Tax)[]) into[key] += sign * line[key];
}

test('the month’s reports equal its invoices minus its credit notes, per rate and per state', async () => {
  // Two price levels, so two GST slabs when the catalogue's HSN rules apply.
  const [cheap] = await piecesOf(ctx, 1, { blocked: false, pricePaise: 79_900 });
  const dear = (await piecesOf(ctx, 2, { blocked: false, pricePaise: 249_900 }))[1]!;
  const line = (p: { productId: string; variantId: string }, quantity: number) => ({ ...p, quantity });
  const bengaluru = await placePaidOrder(ctx, shopper, { items: [line(cheap!, 2), line(dear, 1)] });
  const delhi = await placePaidOrder(ctx, shopper, { items: [line(dear, 1)], shippingAddress: DELHI_ADDRESS });
  const step = async (orderId: string, body: object) => {
    const res = await asStaff(ctx.app, owner, 'POST', `/admin/api/orders/${orderId}/steps`, body);
    assert.equal(res.statusCode, 200, res.body);
  };
  // Nobody downloads anything: the invoice is issued when the goods leave.
  for (const order of [bengaluru, delhi]) {
    await step(order.id, { to: 'confirmed' });
    await step(order.id, { to: 'packed' });
    await step(order.id, { to: 'shipped', courier: 'Delhivery', awb: `DLV${order.orderNumber.slice(-6)}` });
  }
  await step(bengaluru.id, { to: 'delivered' });
  const cheapLine = bengaluru.items.find((i) => i.variantId === cheap!.variantId)!;
  const asked = await sendReturn(ctx, shopper, bengaluru.id, {
    reason: 'size',
    items: [{ orderItemId: cheapLine.id, quantity: 1 }],
  });
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  for (const step of ['approve', 'pickup', 'refund']) {
    const res = await asStaff(ctx.app, owner, 'POST', `/admin/api/orders/${bengaluru.id}/return/${step}`, {});
    assert.equal(res.statusCode, 200, res.body);
  }
  const returnId = asked.body.data.returnRequest.id;

  // What the documents print, straight from the stored lines.
  const db = ctx.database.db;
  const placed = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [bengaluru.id, delhi.id]));
  const lines = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, [bengaluru.id, delhi.id]));
  const returned = await db.select().from(returnItems).where(eq(returnItems.returnRequestId, returnId));
  const expected = new Map<string, Tax>();
  const total = zero();
  const bucket = (orderId: string, rateBp: number) => {
    const key = `${placed.find((o) => o.id === orderId)!.placeOfSupply}|${rateBp / 100}`;
    if (!expected.has(key)) expected.set(key, zero());
    return expected.get(key)!;
  };
  for (const l of lines) {
    add(bucket(l.orderId, l.taxRateBasisPoints), l, 1);
    add(total, l, 1);
  }
  for (const r of returned) {
    const l = lines.find((x) => x.id === r.orderItemId)!;
    add(bucket(l.orderId, l.taxRateBasisPoints), r, -1);
    add(total, r, -1);
  }

  const month = istDay(new Date()).slice(0, 7);
  const res = await asStaff(ctx.app, owner, 'GET', `/admin/api/reports/gst?month=${month}`);
  assert.equal(res.statusCode, 200, res.body);
  const report = res.json().data as GstReport;
  assert.deepEqual(report.register.map((r) => r.kind).sort(), ['credit_note', 'invoice', 'invoice']);
  assert.deepEqual(report.totals, total);
  const actual = new Map(
    report.b2c.map((r) => [
      `${r.placeOfSupply}|${r.ratePercent}`,
      { taxablePaise: r.taxablePaise, cgstPaise: r.cgstPaise, sgstPaise: r.sgstPaise, igstPaise: r.igstPaise },
    ]),
  );
  assert.deepEqual(actual, expected);
  assert.ok(report.b2c.some((r) => r.state === 'Delhi' && r.igstPaise > 0 && r.cgstPaise === 0));
  assert.ok(report.b2c.some((r) => r.state === 'Karnataka' && r.cgstPaise > 0 && r.igstPaise === 0));
  const hsnTotal = zero();
  for (const r of report.hsn) add(hsnTotal, r, 1);
  assert.deepEqual(hsnTotal, total);
  assert.equal(
    report.hsn.reduce((n, r) => n + r.quantity, 0),
    lines.reduce((n, l) => n + l.quantity, 0) - returned.reduce((n, r) => n + r.quantity, 0),
  );
  const invoiceRow = report.register.find((r) => r.orderNumber === delhi.orderNumber)!;
  assert.equal(invoiceRow.totalPaise, placed.find((o) => o.id === delhi.id)!.totalPaise);

  const csv = await asStaff(ctx.app, owner, 'GET', `/admin/api/reports/gst/b2c?month=${month}`);
  assert.match(String(csv.headers['content-type']), /text\/csv/);
  assert.match(csv.body, /^place_of_supply,state,rate,taxable_value,cgst,sgst,igst\n/);
  assert.match(csv.body, /\n07,Delhi,\d+(\.\d+)?,\d+\.\d\d,0\.00,0\.00,\d+\.\d\d\n/);

  const earlier = await asStaff(ctx.app, owner, 'GET', '/admin/api/reports/gst?month=2020-01');
  assert.deepEqual(earlier.json().data.register, []);
  assert.equal((await asStaff(ctx.app, owner, 'GET', '/admin/api/reports/gst?month=2026-13')).statusCode, 400);
  const support = await staffOfRole(ctx, 'support');
  assert.equal((await asStaff(ctx.app, support, 'GET', `/admin/api/reports/gst?month=${month}`)).statusCode, 403);
});

test('a month whose credit notes exceed its invoices has negative amounts in the CSV, as numbers', async () => {
  const [piece] = await piecesOf(ctx, 1, { blocked: false, pricePaise: 149_900 });
  const placed = await placePaidOrder(ctx, shopper, { items: [{ ...piece!, quantity: 1 }] });
  for (const to of ['confirmed', 'packed', 'shipped', 'delivered']) {
    const body = to === 'shipped' ? { to, courier: 'Delhivery', awb: 'DLV5550001' } : { to };
    const res = await asStaff(ctx.app, owner, 'POST', `/admin/api/orders/${placed.id}/steps`, body);
    assert.equal(res.statusCode, 200, res.body);
  }
  const asked = await sendReturn(ctx, shopper, placed.id, { reason: 'size' });
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  for (const step of ['approve', 'pickup', 'refund']) {
    const res = await asStaff(ctx.app, owner, 'POST', `/admin/api/orders/${placed.id}/return/${step}`, {});
    assert.equal(res.statusCode, 200, res.body);
  }
  // The sale invoiced in one month, its return credited in the next (at 01:30 on 1 March in India,
  // still 28 February in UTC), which has nothing else.
  const db = ctx.database.db;
  await db
    .update(invoiceDocuments)
    .set({ issuedAt: new Date('2021-02-10T06:00:00Z') })
    .where(and(eq(invoiceDocuments.orderId, placed.id), eq(invoiceDocuments.kind, 'invoice')));
  await db
    .update(invoiceDocuments)
    .set({ issuedAt: new Date('2021-02-28T20:00:00Z') })
    .where(and(eq(invoiceDocuments.orderId, placed.id), eq(invoiceDocuments.kind, 'credit_note')));

  const csv = async (report: string) => {
    const res = await asStaff(ctx.app, owner, 'GET', `/admin/api/reports/gst/${report}?month=2021-03`);
    assert.equal(res.statusCode, 200, res.body);
    return res.body;
  };
  // A negative amount is data: a leading "'" (the formula guard) would make it text a sum skips.
  assert.match(await csv('b2c'), /\n29,Karnataka,\d+(\.\d+)?,-\d+\.\d\d,-\d+\.\d\d,-\d+\.\d\d,0\.00\n$/);
  assert.match(await csv('hsn'), /\n\d{4,8},\d+(\.\d+)?,-1,-\d+\.\d\d,-\d+\.\d\d,-\d+\.\d\d,0\.00\n$/);
  // Documents are dated by the Indian day they were issued on, as GSTR-1 asks.
  assert.match(await csv('register'), /\ncredit_note,[^,]+,2021-03-01,/);
});
