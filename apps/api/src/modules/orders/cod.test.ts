/**
 * Cash on delivery through HTTP (behaviour.md §10 "Cash on delivery", docs/admin.md): delivery
 * records the cash as collected with the date; the invoice exists from packing, numbered then and
 * "payable on delivery", and says paid once collected; the admin marks the cash collected (the
 * order is delivered) or not collected (refused at the door: cancelled, stock back, nothing paid,
 * the invoice cancelled and counted nowhere in the GST reports), audited, and the delivered and
 * cancelled mails say so; an online order, a
 * wrong status, a support role and a bad body are refused and change nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ORDER_MESSAGES, type GstReport, type Order } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { queryRows } from '../../db/client';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, placePaidOrder, type Piece } from '../../test/returns';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';
import { orderStatusMail } from './mail';

let ctx: TestContext;
let owner: StaffLogin;
let support: StaffLogin;
let shopper: Account;
let piece: Piece;

/** Today in India time as YYYY-MM-DD, and its "2026-27" financial year, worked out apart from the code. */
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const month = today.slice(0, 7);
const inIndia = (iso: string) => new Date(iso).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const printedToday = new Date().toLocaleDateString('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  owner = await staffOfRole(ctx, 'owner');
  support = await staffOfRole(ctx, 'support');
  shopper = await register(ctx.app, { name: 'Lakshmi Menon' });
  piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 129_900 }))[0]!;
});
after(() => ctx.close());

const placeCod = () => placePaidOrder(ctx, shopper, { paymentMethod: 'cod', items: [{ ...piece, quantity: 1 }] });

async function step(orderId: string, to: string) {
  const body = to === 'shipped' ? { to, courier: 'Delhivery', awb: `DLV${Date.now()}` } : { to };
  const res = await asStaff(ctx.app, owner, 'POST', `/admin/api/orders/${orderId}/steps`, body);
  assert.equal(res.statusCode, 200, res.body);
}

const cod = (orderId: string, body: unknown, who: StaffLogin = owner) =>
  asStaff(ctx.app, who, 'POST', `/admin/api/orders/${orderId}/cod`, body);

async function shopperOrder(orderId: string): Promise<Order> {
  const res = await ctx.app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json().data;
  return (data.order ?? data) as Order;
}

const download = (orderId: string) =>
  ctx.app.inject({ method: 'GET', url: `/orders/${orderId}/invoice`, headers: bearer(shopper.token) });

async function invoiceText(orderId: string): Promise<string> {
  const res = await download(orderId);
  assert.equal(res.statusCode, 200, res.body);
  return (await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text;
}

async function gstReport(): Promise<GstReport> {
  const res = await asStaff(ctx.app, owner, 'GET', `/admin/api/reports/gst?month=${month}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as GstReport;
}

async function stock(): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    ctx.database.db,
    sql`SELECT stock FROM variants WHERE id = ${piece.variantId}::uuid`,
  );
  return row!.stock;
}

describe('cash on delivery is paid when it is collected', () => {
  test('delivering a COD order records the cash as collected, with the date', async () => {
    const order = await placeCod();
    assert.equal(order.paymentStatus, 'pending');
    for (const to of ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered']) await step(order.id, to);
    const delivered = await shopperOrder(order.id);
    assert.equal(delivered.status, 'delivered');
    assert.equal(delivered.paymentStatus, 'completed');
    assert.ok(delivered.paidAt, 'the date the cash was collected');
    assert.equal(delivered.paidAt, delivered.shipment?.deliveredAt);
    assert.equal(inIndia(delivered.paidAt), today);
    // The delivered mail, as the job renders it from this order, says the cash was received.
    const mail = orderStatusMail({ name: 'Lakshmi', order: delivered, event: 'delivered', link: 'http://shop.test' });
    assert.match(mail.text, /We received ₹ 1,299 in cash on delivery\. Your order is paid\./);
  });

  test('the invoice exists from packing, numbered then, "payable on delivery"; paid once the admin marks the cash collected', async () => {
    const order = await placeCod();
    await step(order.id, 'confirmed');
    const early = await download(order.id);
    assert.equal(early.statusCode, 400);
    assert.equal(early.json().message, ORDER_MESSAGES.invoiceNotPacked);

    await step(order.id, 'packed');
    assert.equal((await shopperOrder(order.id)).invoiceAvailable, true);
    // Numbered at packing, before anyone downloads it: the month's register lists it.
    const issued = (await gstReport()).register.find((r) => r.orderNumber === order.orderNumber);
    assert.ok(issued, 'the invoice is in the sales register once packed');
    assert.match(issued.number, /^INV\/\d{4}-\d{2}\/\d{6}$/);
    assert.equal(issued.cancelled, false);
    const packed = await invoiceText(order.id);
    assert.ok(packed.includes(issued.number), 'the PDF carries the number given at packing');
    assert.match(packed, /Payable on delivery: ₹ 1,299\.00 in cash/);
    assert.doesNotMatch(packed, /Paid:/);

    await step(order.id, 'shipped');
    const res = await cod(order.id, { collected: true });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, ORDER_MESSAGES.codCollected);
    const collected = await shopperOrder(order.id);
    assert.equal(collected.status, 'delivered');
    assert.equal(collected.paymentStatus, 'completed');
    assert.equal(inIndia(collected.paidAt!), today);

    const paid = await invoiceText(order.id);
    assert.ok(paid.includes(issued.number), 'the same number after collection');
    assert.ok(paid.includes(`Paid: ₹ 1,299.00 cash on delivery, collected on ${printedToday}.`), paid);
    assert.doesNotMatch(paid, /Payable on delivery/);

    const audit = await asStaff(ctx.app, owner, 'GET', `/admin/api/audit?entity=order&entityId=${order.id}`);
    const entry = (audit.json().data.rows as { action: string; before: Order; after: Order }[]).find(
      (e) => e.action === 'order.cod',
    );
    assert.ok(entry, 'audited');
    assert.equal(entry.before.paymentStatus, 'pending');
    assert.equal(entry.after.paymentStatus, 'completed');
  });

  test('not collected (refused at the door): cancelled, stock back, nothing paid, the invoice counted nowhere', async () => {
    const order = await placeCod();
    for (const to of ['confirmed', 'packed', 'shipped', 'out_for_delivery']) await step(order.id, to);
    const stockBefore = await stock();
    const before = await gstReport();

    const res = await cod(order.id, { collected: false, note: 'Buyer not at home twice, then refused' });
    assert.equal(res.statusCode, 200, res.body);
    const refused = await shopperOrder(order.id);
    assert.equal(refused.status, 'cancelled');
    assert.equal(refused.paymentStatus, 'failed');
    assert.equal(refused.paidAt, null);
    assert.equal(refused.cancelReason, ORDER_MESSAGES.codRefusedReason);
    assert.equal(refused.invoiceAvailable, false);
    assert.deepEqual(refused.refunds, [], 'no money recorded');
    assert.equal(await stock(), stockBefore + 1, 'the refused piece is back in stock');
    const mail = orderStatusMail({ name: 'Lakshmi', order: refused, event: 'cancelled', link: 'http://shop.test' });
    assert.match(mail.text, /Reason: Refused at delivery: the cash was not collected\./);
    assert.match(mail.text, /Nothing is owed for this order\./);

    const invoice = await download(order.id);
    assert.equal(invoice.statusCode, 400);
    assert.equal(invoice.json().message, ORDER_MESSAGES.invoiceNotPacked);

    const after = await gstReport();
    const row = after.register.find((r) => r.orderNumber === order.orderNumber)!;
    assert.equal(row.cancelled, true, 'the number stays in the series, marked cancelled');
    assert.equal(row.totalPaise, 0);
    assert.equal(row.taxablePaise, 0);
    const wasCounted = before.register.find((r) => r.orderNumber === order.orderNumber)!;
    assert.equal(after.totals.taxablePaise, before.totals.taxablePaise - wasCounted.taxablePaise);

    const csv = await asStaff(ctx.app, owner, 'GET', `/admin/api/reports/gst/register?month=${month}`);
    assert.ok(csv.body.split('\n')[0]!.endsWith(',cancelled'));
    assert.ok(csv.body.includes(`${row.number},`) && /,yes\n/.test(csv.body));
  });
});

describe('what the cash route refuses, changing nothing', () => {
  test('an online order: 400; an order not yet shipped: 409; a collected one: 409; support: 403; a bad body: 400; unknown: 404', async () => {
    const online = await placePaidOrder(ctx, shopper, { items: [{ ...piece, quantity: 1 }] });
    for (const to of ['confirmed', 'packed', 'shipped']) await step(online.id, to);
    const notCod = await cod(online.id, { collected: true });
    assert.equal(notCod.statusCode, 400);
    assert.equal(notCod.json().message, ORDER_MESSAGES.codOnly);

    const placed = await placeCod();
    await step(placed.id, 'confirmed');
    for (const collected of [true, false]) {
      const early = await cod(placed.id, { collected });
      assert.equal(early.statusCode, 409);
      assert.equal(early.json().message, ORDER_MESSAGES.codNotOut);
    }
    const unchanged = await shopperOrder(placed.id);
    assert.deepEqual([unchanged.status, unchanged.paymentStatus], ['confirmed', 'pending']);

    const delivered = await placeCod();
    for (const to of ['confirmed', 'packed', 'shipped', 'delivered']) await step(delivered.id, to);
    for (const collected of [true, false]) {
      const again = await cod(delivered.id, { collected });
      assert.equal(again.statusCode, 409);
      assert.equal(again.json().message, ORDER_MESSAGES.codAlreadyCollected);
    }
    assert.equal((await shopperOrder(delivered.id)).status, 'delivered');

    const shipped = await placeCod();
    for (const to of ['confirmed', 'packed', 'shipped']) await step(shipped.id, to);
    assert.equal((await cod(shipped.id, { collected: false }, support)).statusCode, 403);
    assert.equal((await cod(shipped.id, { collected: 'yes' })).statusCode, 400);
    assert.equal((await cod('00000000-0000-4000-8000-000000000000', { collected: true })).statusCode, 404);
    const still = await shopperOrder(shipped.id);
    assert.deepEqual([still.status, still.paymentStatus], ['shipped', 'pending']);
  });
});
