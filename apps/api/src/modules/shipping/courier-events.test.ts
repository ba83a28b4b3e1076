/**
 * Courier updates through HTTP (docs/behaviour.md "Courier updates: NDR and RTO", "COD
 * remittance"), against a local Shiprocket (test/shiprocket-ndr-server.ts) in its documented
 * shapes: the tracking webhook moves an order through every courier state (a COD order is paid on
 * delivery), only with the token, once per event and never backwards; a failed attempt (NDR) is
 * mailed and answered by its shopper only, sent to Shiprocket's NDR action as documented; RTO
 * gives the stock back, closes a COD order with nothing owed and refunds a prepaid one once; the
 * COD remittance file is reconciled (received, short, unknown AWB, owed, missing), counted once,
 * for owner and staff only, audited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  COURIER_MESSAGES,
  ORDER_MESSAGES,
  remittanceColumnMissing,
  type DeliveryUpdates,
  type Order,
  type RemittanceReport,
} from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/client';
import { bearer, fromStorefront, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { outboxMailsTo } from '../../test/outbox';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { productionEnv } from '../../test/production';
import { piecesOf, placePaidOrder, type Piece } from '../../test/returns';
import { FakeShiprocketNdr, SR, WEBHOOK_TOKEN, shiprocketEnv, trackingWebhook } from '../../test/shiprocket-ndr-server';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let shiprocket: FakeShiprocketNdr;
let team: Record<'owner' | 'staff' | 'support', StaffLogin>;
let asha: Account;
let ravi: Account;
let piece: Piece;

before(async () => {
  shiprocket = await new FakeShiprocketNdr().start();
  ctx = await createTestApp({ env: { ...MANY_ORDERS_ENV, ...shiprocketEnv(shiprocket.base) } });
  team = await staffTeam(ctx);
  asha = await register(ctx.app, { name: 'Asha Rao' });
  ravi = await register(ctx.app, { name: 'Ravi Kumar' });
  piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 99_900 }))[0]!;
});
after(async () => {
  await ctx.close();
  await shiprocket.stop();
});

let awbCount = 0;
let clock = Date.now() - 6 * 3_600_000;
/** Event times an hour apart, in the order the test sends them (unless it picks one). */
const later = () => new Date((clock += 60_000));

/** An order of `account` placed and shipped by the store with a fresh AWB. */
async function shippedOrder(
  account: Account,
  paymentMethod: 'cod' | 'sandbox',
): Promise<{ order: Order; awb: string }> {
  const order = await placePaidOrder(ctx, account, { paymentMethod, items: [{ ...piece, quantity: 1 }] });
  const awb = `19041${String(++awbCount).padStart(9, '0')}`;
  for (const body of [{ to: 'confirmed' }, { to: 'packed' }, { to: 'shipped', courier: 'Delhivery', awb }]) {
    const res = await asStaff(ctx.app, team.owner, 'POST', `/admin/api/orders/${order.id}/steps`, body);
    assert.equal(res.statusCode, 200, res.body);
  }
  return { order, awb };
}

/** POST the webhook with `token` as x-api-key (null: no header). */
function webhook(body: unknown, token: string | null = WEBHOOK_TOKEN, url = '/webhooks/courier') {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: token === null ? {} : { 'x-api-key': token },
    payload: body as object,
  });
}

async function send(
  awb: string,
  status: readonly [number, string],
  at = later(),
  scan?: { activity: string; location: string },
) {
  const res = await webhook(trackingWebhook(awb, status, at, scan));
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { stored: boolean; applied: boolean; orderStatus: string | null };
}

async function orderOf(account: Account, id: string): Promise<Order> {
  const res = await ctx.app.inject({ method: 'GET', url: `/orders/${id}`, headers: bearer(account.token) });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json().data;
  return (data.order ?? data) as Order;
}

async function updates(account: Account, id: string): Promise<DeliveryUpdates> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/orders/${id}/delivery-updates`,
    headers: bearer(account.token),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as DeliveryUpdates;
}

const answerNdr = (account: Account, id: string, body: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/orders/${id}/ndr`, headers: bearer(account.token), payload: body as object });

const timelineLength = async (id: string) =>
  (
    await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM order_events WHERE order_id = ${id}::uuid`,
    )
  )[0]!.n;

const stock = async () =>
  (
    await queryRows<{ stock: number }>(
      ctx.database.db,
      sql`SELECT stock FROM variants WHERE id = ${piece.variantId}::uuid`,
    )
  )[0]!.stock;

async function mailSubjects(account: Account): Promise<string[]> {
  await ctx.app.jobs.idle();
  return (await outboxMailsTo(ctx.dataDir, account.email)).map((m) => m.subject ?? '');
}

describe('the tracking webhook', () => {
  test('a missing or forged x-api-key is 401 before the body is read, and nothing is stored', async () => {
    const { order, awb } = await shippedOrder(asha, 'cod');
    const body = trackingWebhook(awb, SR.outForDelivery, later());
    for (const token of [null, '', 'courier-webhook-token-5b7e1a90c2d5', WEBHOOK_TOKEN.slice(0, -1)]) {
      const res = await webhook(body, token);
      assert.equal(res.statusCode, 401, String(token));
      assert.equal(res.json().message, COURIER_MESSAGES.webhookTokenInvalid);
    }
    assert.equal((await webhook({ not: 'a tracking event' }, 'wrong')).statusCode, 401);
    assert.equal((await webhook({ not: 'a tracking event' })).statusCode, 400);
    assert.equal((await orderOf(asha, order.id)).status, 'shipped');
    assert.deepEqual((await updates(asha, order.id)).events, []);
  });

  test('every state in order: picked up → shipped, out for delivery, delivered; COD paid; mails; the timeline', async () => {
    const order = await placePaidOrder(ctx, asha, { paymentMethod: 'cod', items: [{ ...piece, quantity: 1 }] });
    for (const to of ['confirmed', 'packed']) {
      await asStaff(ctx.app, team.owner, 'POST', `/admin/api/orders/${order.id}/steps`, { to });
    }
    // A booking gives the packed order its AWB before the courier picks it up.
    const awb = `19041${String(++awbCount).padStart(9, '0')}`;
    await ctx.database.db.execute(
      sql`UPDATE orders SET awb = ${awb}, courier = 'Delhivery Surface' WHERE id = ${order.id}::uuid`,
    );

    assert.deepEqual(await send(awb, SR.pickedUp), { stored: true, applied: true, orderStatus: 'shipped' });
    let o = await orderOf(asha, order.id);
    assert.equal(o.status, 'shipped');
    assert.equal(o.shipment?.awb, awb);
    assert.equal(
      (await send(awb, SR.inTransit, later(), { activity: 'Reached hub', location: 'Mumbai Hub' })).applied,
      false,
    );
    assert.equal((await send(awb, SR.outForDelivery)).orderStatus, 'out_for_delivery');
    assert.equal(o.paymentStatus, 'pending');
    assert.equal((await send(awb, SR.delivered)).orderStatus, 'delivered');
    o = await orderOf(asha, order.id);
    assert.equal(o.status, 'delivered');
    assert.equal(o.paymentStatus, 'completed', 'the courier collected the cash');
    assert.ok(o.paidAt);

    const { events, ndr } = await updates(asha, order.id);
    assert.equal(ndr, null);
    assert.deepEqual(
      events.map((e) => [e.status, e.orderStatus]),
      [
        ['PICKED UP', 'shipped'],
        ['IN TRANSIT', null],
        ['OUT FOR DELIVERY', 'out_for_delivery'],
        ['DELIVERED', 'delivered'],
      ],
    );
    assert.deepEqual([events[1]!.activity, events[1]!.location], ['Reached hub', 'Mumbai Hub']);
    const subjects = await mailSubjects(asha);
    assert.ok(
      subjects.some((s) => s.includes(`${order.orderNumber} has shipped`)),
      subjects.join('\n'),
    );
    assert.ok(subjects.some((s) => s.includes(`${order.orderNumber} was delivered`)));
    const admin = await asStaff(ctx.app, team.support, 'GET', `/admin/api/orders/${order.id}/courier-events`);
    assert.equal(admin.statusCode, 200, admin.body);
    assert.equal(admin.json().data.length, 4);
  });

  test('the same event again changes nothing; an older or backward event never moves the order back', async () => {
    const { order, awb } = await shippedOrder(asha, 'cod');
    const t1 = later();
    const t2 = later();
    const ofd = trackingWebhook(awb, SR.outForDelivery, t2);
    assert.equal((await webhook(ofd, WEBHOOK_TOKEN, '/webhooks/shiprocket')).json().data.applied, true);
    const steps = await timelineLength(order.id);
    assert.deepEqual((await webhook(ofd)).json().data, {
      stored: false,
      applied: false,
      orderStatus: 'out_for_delivery',
    });
    // Older than the event applied: stored for the timeline, the order stays out for delivery.
    assert.deepEqual(await send(awb, SR.inTransit, t1), {
      stored: true,
      applied: false,
      orderStatus: 'out_for_delivery',
    });
    // An undelivered scan from before the out-for-delivery one arrives late: no NDR.
    assert.equal((await send(awb, SR.undelivered, t1)).applied, false);
    assert.equal((await send(awb, SR.delivered)).orderStatus, 'delivered');
    // Later, but backwards: nothing moves a delivered order.
    assert.deepEqual(await send(awb, SR.outForDelivery), { stored: true, applied: false, orderStatus: 'delivered' });
    assert.equal((await orderOf(asha, order.id)).status, 'delivered');
    assert.equal(await timelineLength(order.id), steps + 1);
    assert.equal((await updates(asha, order.id)).events.length, 5);
  });

  test('an AWB no order has and a return shipment are stored, answered 200, and move nothing', async () => {
    assert.deepEqual(await send('NO-SUCH-AWB-1', SR.delivered), { stored: true, applied: false, orderStatus: null });
    const { order, awb } = await shippedOrder(asha, 'cod');
    const res = await webhook({ ...trackingWebhook(awb, SR.delivered, later()), is_return: 1 });
    assert.equal(res.json().data.applied, false);
    assert.equal((await orderOf(asha, order.id)).status, 'shipped');
  });
});

describe('a failed delivery attempt (NDR)', () => {
  test('the shopper is mailed and asks for a new attempt on a chosen day: sent to Shiprocket as documented, once', async () => {
    const { order, awb } = await shippedOrder(asha, 'cod');
    await send(awb, SR.outForDelivery);
    const at = later();
    const res = await send(awb, SR.undelivered, at, { activity: 'Consignee not available', location: 'Indiranagar' });
    assert.equal(res.orderStatus, 'undelivered');
    assert.equal((await orderOf(asha, order.id)).statusLabel, 'Delivery attempt failed');
    assert.ok(
      (await mailSubjects(asha)).some((s) => s.includes(`could not deliver your Vastra order ${order.orderNumber}`)),
    );

    const { ndr } = await updates(asha, order.id);
    assert.ok(ndr);
    assert.equal(ndr.open, true);
    assert.equal(ndr.reason, 'Consignee not available');
    assert.equal(ndr.attempts, 1);
    assert.equal(ndr.dates.length, 3);
    const tomorrow = new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    assert.equal(ndr.dates[0], tomorrow);

    const answered = await answerNdr(asha, order.id, { preferredDate: ndr.dates[1] });
    assert.equal(answered.statusCode, 200, answered.body);
    assert.equal(answered.json().message, COURIER_MESSAGES.ndrSent);
    const sent = shiprocket.actions.at(-1)!;
    assert.equal(sent.awb, awb);
    assert.deepEqual(sent.body, {
      action: 're-attempt',
      comments: `Customer asks for a new delivery attempt on ${ndr.dates[1]}`,
    });

    const again = await answerNdr(asha, order.id, {});
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().message, COURIER_MESSAGES.ndrAlreadyAnswered);
    assert.equal(shiprocket.actions.filter((a) => a.awb === awb).length, 1);
    const view = (await updates(asha, order.id)).ndr!;
    assert.deepEqual([view.open, view.answer?.preferredDate, view.answer?.status], [false, ndr.dates[1], 'sent']);

    // The store's list: the reason and the answer; support may read it.
    const list = await asStaff(ctx.app, team.support, 'GET', '/admin/api/ndr');
    assert.equal(list.statusCode, 200, list.body);
    const row = list.json().data.find((r: { orderId: string }) => r.orderId === order.id);
    assert.equal(row.reason, 'Consignee not available');
    assert.equal(row.attempts, 1);
    assert.equal(row.answer.preferredDate, ndr.dates[1]);

    // The new attempt goes out and succeeds.
    assert.equal((await send(awb, SR.outForDelivery)).orderStatus, 'out_for_delivery');
    assert.equal((await send(awb, SR.delivered)).orderStatus, 'delivered');
  });

  test('another phone number goes as Shiprocket’s phone; the shopper sees only its last 4 digits', async () => {
    const { order, awb } = await shippedOrder(ravi, 'sandbox');
    await send(awb, SR.undelivered, later(), { activity: 'Customer phone switched off', location: 'Whitefield' });
    const res = await answerNdr(ravi, order.id, { phone: '+91 98765 43210', note: 'Call before coming' });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.phoneEnding, '3210');
    assert.deepEqual(shiprocket.actions.at(-1), {
      awb,
      authorization: shiprocket.actions.at(-1)!.authorization,
      body: {
        action: 're-attempt',
        comments: 'Customer asks for a new delivery attempt; call 9876543210; Call before coming',
        phone: '9876543210',
      },
    });
  });

  test('someone else’s order is 404, a cookie write from another site 403, a bad day or number 400', async () => {
    const { order, awb } = await shippedOrder(asha, 'cod');
    await send(awb, SR.undelivered);
    const before = shiprocket.actions.length;
    const theirs = await answerNdr(ravi, order.id, {});
    assert.equal(theirs.statusCode, 404);
    assert.equal(theirs.json().message, ORDER_MESSAGES.notFound);
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/orders/${order.id}/delivery-updates`,
      headers: bearer(ravi.token),
    });
    assert.equal(peek.statusCode, 404);
    assert.equal(
      (await ctx.app.inject({ method: 'POST', url: `/orders/${order.id}/ndr`, payload: {} })).statusCode,
      401,
    );
    const forged = await ctx.app.inject({
      method: 'POST',
      url: `/orders/${order.id}/ndr`,
      headers: { ...fromStorefront(asha.cookie), origin: 'https://evil.example' },
      payload: {},
    });
    assert.equal(forged.statusCode, 403);
    const farDay = new Date(Date.now() + 6 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
    const far = await answerNdr(asha, order.id, { preferredDate: farDay });
    assert.equal(far.statusCode, 400);
    assert.equal(far.json().message, COURIER_MESSAGES.ndrDateInvalid);
    assert.equal((await answerNdr(asha, order.id, { phone: '12345' })).statusCode, 400);
    assert.equal(shiprocket.actions.length, before, 'nothing reached the courier');
    // The shopper's own cookie from the storefront works.
    const own = await ctx.app.inject({
      method: 'POST',
      url: `/orders/${order.id}/ndr`,
      headers: fromStorefront(asha.cookie),
      payload: {},
    });
    assert.equal(own.statusCode, 200, own.body);
  });

  test('refused unless the order waits after a failed attempt', async () => {
    const { order, awb } = await shippedOrder(asha, 'cod');
    const res = await answerNdr(asha, order.id, {});
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, COURIER_MESSAGES.ndrNotOpen);
    await send(awb, SR.outForDelivery);
    assert.equal((await answerNdr(asha, order.id, {})).statusCode, 409);
    assert.equal((await updates(asha, order.id)).ndr, null);
  });

  test('Shiprocket down: the answer is recorded as failed for the store, and the shopper told', async () => {
    const { order, awb } = await shippedOrder(asha, 'cod');
    await send(awb, SR.undelivered);
    shiprocket.down = true;
    ctx.expectServerErrors(/NDR action could not be sent/);
    const res = await answerNdr(asha, order.id, { phone: '9123456780' });
    shiprocket.down = false;
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, COURIER_MESSAGES.ndrFailed);
    const row = (await asStaff(ctx.app, team.owner, 'GET', '/admin/api/ndr'))
      .json()
      .data.find((r: { orderId: string }) => r.orderId === order.id);
    assert.deepEqual([row.answer.status, row.answer.phone], ['failed', '9123456780']);
  });
});

describe('RTO: the parcel goes back to the store', () => {
  test('COD: stock back, closed with nothing owed, mailed; replayed events change nothing', async () => {
    const start = await stock();
    const { order, awb } = await shippedOrder(asha, 'cod');
    assert.equal(await stock(), start - 1);
    await send(awb, SR.undelivered);
    assert.equal((await send(awb, SR.rtoInitiated)).orderStatus, 'rto_initiated');
    assert.equal((await orderOf(asha, order.id)).statusLabel, 'Returning to the seller');
    const back = trackingWebhook(awb, SR.rtoDelivered, later());
    assert.equal((await webhook(back)).json().data.orderStatus, 'returned_to_seller');
    assert.equal((await webhook(back)).json().data.stored, false);
    const o = await orderOf(asha, order.id);
    assert.equal(o.status, 'returned_to_seller');
    assert.equal(o.paymentStatus, 'failed', 'no cash was collected: nothing owed');
    assert.deepEqual(o.refunds, []);
    assert.equal(await stock(), start, 'the piece is back in stock once');
    // No supply took place: the invoice issued at packing is cancelled, counted nowhere.
    const month = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' }).slice(0, 7);
    const gst = await asStaff(ctx.app, team.owner, 'GET', `/admin/api/reports/gst?month=${month}`);
    const invoice = (gst.json().data.register as { orderNumber: string; cancelled: boolean }[]).find(
      (r) => r.orderNumber === order.orderNumber,
    );
    assert.equal(invoice?.cancelled, true);
    assert.ok((await mailSubjects(asha)).some((s) => s.includes(`${order.orderNumber} came back to us undelivered`)));
  });

  test('prepaid: the whole amount refunded to the original method, once', async () => {
    const start = await stock();
    const { order, awb } = await shippedOrder(ravi, 'sandbox');
    await send(awb, SR.rtoInitiated);
    await send(awb, SR.rtoDelivered);
    await send(awb, SR.rtoDelivered, later());
    const o = await orderOf(ravi, order.id);
    assert.equal(o.status, 'returned_to_seller');
    assert.equal(o.refunds.length, 1);
    assert.deepEqual([o.refunds[0]!.method, o.refunds[0]!.amount], ['gateway', o.amountPayable]);
    assert.equal(await stock(), start);
  });
});

describe('COD remittance', () => {
  const csv = (lines: string[][]) =>
    [['AWB Code', 'Order ID', 'COD Amount', 'Remitted Amount', 'Remittance Date', 'UTR'], ...lines]
      .map((l) => l.join(','))
      .join('\n');
  const upload = (who: StaffLogin, body: unknown) =>
    asStaff(ctx.app, who, 'POST', '/admin/api/cod-remittance/uploads', body);
  const report = async (who = team.owner): Promise<RemittanceReport> => {
    const res = await asStaff(ctx.app, who, 'GET', '/admin/api/cod-remittance?missingAfterDays=10');
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as RemittanceReport;
  };
  const where = (r: RemittanceReport, awb: string) =>
    (['owed', 'received', 'short', 'unknown', 'missing'] as const).filter((k) => r[k].some((row) => row.awb === awb));

  test('matched, short, unknown AWB, owed and missing; the same file twice counts once; audited', async () => {
    const delivered: { order: Order; awb: string }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const shipped = await shippedOrder(asha, 'cod');
      await send(shipped.awb, SR.delivered);
      delivered.push(shipped);
    }
    const [paid, short, owed, late] = delivered as [
      (typeof delivered)[0],
      (typeof delivered)[0],
      (typeof delivered)[0],
      (typeof delivered)[0],
    ];
    await ctx.database.db.execute(
      sql`UPDATE orders SET delivered_at = now() - interval '15 days' WHERE id = ${late.order.id}::uuid`,
    );
    const amount = paid.order.amountPayable.toFixed(2);
    const file = csv([
      [paid.awb, paid.order.orderNumber, amount, `"₹${amount}"`, '2026-11-25', 'UTR0001'],
      [short.awb, short.order.orderNumber, amount, '500.00', '25/11/2026', 'UTR0001'],
      ['99999999999', 'VST-999999', '750', '750', '2026-11-25', 'UTR0001'],
    ]);
    const first = await upload(team.staff, { fileName: 'remittance-25-nov.csv', csv: file });
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual([first.json().data.duplicate, first.json().data.batch.newLineCount], [false, 3]);

    const r = await report();
    assert.deepEqual(where(r, paid.awb), ['received']);
    assert.deepEqual(where(r, short.awb), ['short']);
    assert.deepEqual(where(r, '99999999999'), ['unknown']);
    assert.deepEqual(where(r, owed.awb), ['owed']);
    assert.deepEqual(where(r, late.awb), ['missing']);
    const shortRow = r.short.find((row) => row.awb === short.awb)!;
    assert.deepEqual(
      [shortRow.expectedAmount, shortRow.remittedAmount, shortRow.difference],
      [paid.order.amountPayable, 500, 500 - paid.order.amountPayable],
    );
    assert.equal(shortRow.remittanceDate, '2026-11-25');
    assert.equal(r.unknown.find((row) => row.awb === '99999999999')!.remittedAmount, 750);
    assert.equal(r.totals.received.count, r.received.length);

    const again = await upload(team.owner, { fileName: 'copy.csv', csv: file });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.json().data.duplicate, true);
    assert.equal(again.json().message, COURIER_MESSAGES.remittanceDuplicate);
    // A later export repeating a line (same AWB and UTR) adds only what is new.
    const next = await upload(team.owner, {
      fileName: 'remittance-26-nov.csv',
      csv: csv([
        [paid.awb, paid.order.orderNumber, amount, amount, '2026-11-25', 'UTR0001'],
        [owed.awb, owed.order.orderNumber, amount, amount, '2026-11-26', 'UTR0002'],
      ]),
    });
    assert.equal(next.json().data.batch.newLineCount, 1);
    const after = await report();
    assert.deepEqual(after.totals.received.count, r.totals.received.count + 1);
    assert.deepEqual(where(after, paid.awb), ['received'], 'not counted twice');
    assert.equal(after.batches.length, 2);
    const audits = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'cod-remittance.upload'`,
    );
    assert.equal(audits[0]!.n, 3);
  });

  test('a file without a needed column or with a bad amount is 400 and records nothing', async () => {
    const before = (await report()).batches.length;
    const missing = await upload(team.owner, { fileName: 'x.csv', csv: 'AWB,COD Amount\n123,100' });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, remittanceColumnMissing('Remitted Amount'));
    const bad = await upload(team.owner, { fileName: 'x.csv', csv: csv([['123', '', '100', 'lots', '', '']]) });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().message, 'Line 2: Remitted Amount is not an amount.');
    assert.equal((await report()).batches.length, before);
  });

  test('owner and staff only: support 403, no session 401', async () => {
    assert.equal((await asStaff(ctx.app, team.support, 'GET', '/admin/api/cod-remittance')).statusCode, 403);
    assert.equal((await upload(team.support, { fileName: 'x.csv', csv: 'AWB\n1' })).statusCode, 403);
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/admin/api/cod-remittance' })).statusCode, 401);
    assert.equal((await report(team.staff)).missingAfterDays, 10);
  });
});

test('production refuses Shiprocket without a webhook token of at least 24 characters', () => {
  const shiprocketOn = { SHIPPING_PROVIDER: 'shiprocket', SHIPROCKET_EMAIL: 'a@b.in', SHIPROCKET_PASSWORD: 'x' };
  assert.throws(() => loadConfig(productionEnv(shiprocketOn)), /SHIPROCKET_WEBHOOK_TOKEN: required in production/);
  assert.throws(
    () => loadConfig(productionEnv({ ...shiprocketOn, SHIPROCKET_WEBHOOK_TOKEN: 'short' })),
    /SHIPROCKET_WEBHOOK_TOKEN/,
  );
  const ok = loadConfig(productionEnv({ ...shiprocketOn, SHIPROCKET_WEBHOOK_TOKEN: WEBHOOK_TOKEN }));
  assert.equal(ok.shipping.shiprocket.webhookToken, WEBHOOK_TOKEN);
  assert.equal(loadConfig(productionEnv()).shipping.shiprocket.webhookToken, null);
});
