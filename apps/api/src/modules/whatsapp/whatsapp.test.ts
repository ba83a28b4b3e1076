/**
 * WhatsApp updates and COD confirmation through HTTP (docs/behaviour.md "WhatsApp updates",
 * "COD confirmation"), against a local stand-in of the Cloud API (test/whatsapp-server.ts):
 * the opt-in; one template per update in Meta's request shape, none without the opt-in, a text
 * when WhatsApp cannot reach the number; a failed delivery attempt told by the courier's webhook
 * (once per attempt, with the order's page); the webhook's handshake, a signed status accepted and a
 * forged one refused; "STOP" honoured (and recorded as consent withdrawn); a cash on delivery order above the store's threshold held,
 * then confirmed by the button reply or the signed link (placed, confirmation mail), or expired
 * (cancelled, stock back); a forged link refused; no number or token in the log.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { WHATSAPP_MESSAGES, type Order } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { queryRows } from '../../db/client';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { outboxMailsTo } from '../../test/outbox';
import { piecesOf, placePaidOrder, type Piece } from '../../test/returns';
import { FakeShiprocketNdr, SR, WEBHOOK_TOKEN, shiprocketEnv, trackingWebhook } from '../../test/shiprocket-ndr-server';
import { readSmsOutbox } from '../../test/sms-outbox';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';
import {
  FakeCloudApi,
  hubSignature,
  VERIFY_TOKEN,
  webhookBody,
  whatsappEnv,
  type Received,
} from '../../test/whatsapp-server';
import { WHATSAPP_COD_EXPIRE_JOB } from './jobs';
import { whatsappMessages, whatsappOptIns } from './tables';

const cloud = new FakeCloudApi();
/** The courier (Shiprocket) whose tracking webhook tells of failed delivery attempts. */
const shiprocket = new FakeShiprocketNdr();
/** Every line the API logged, at info (the sends, the outbox, the requests). */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let ctx: TestContext;
let owner: StaffLogin;
let piece: Piece;
/** Numbers used in this file: none may appear in the log. */
const PHONES = ['9812345678', '9822222222', '9833333333', '9844444444', '9855555555'];
/** Confirmation tokens seen in this file: none may appear in the log. */
const tokens: string[] = [];

before(async () => {
  const base = await cloud.start();
  await shiprocket.start();
  ctx = await createTestApp({
    env: { ...MANY_ORDERS_ENV, ...whatsappEnv(base), ...shiprocketEnv(shiprocket.base), LOG_LEVEL: 'info' },
    logStream,
  });
  owner = await staffOfRole(ctx, 'owner');
  piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 129_900 }))[0]!;
});
after(async () => {
  await ctx.close();
  await cloud.stop();
  await shiprocket.stop();
});

async function shopper(phone: string | null): Promise<Account> {
  const account = await register(ctx.app, { name: 'Meera Iyer' });
  if (phone) {
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/whatsapp/opt-in',
      headers: bearer(account.token),
      payload: { optedIn: true, phone },
    });
    assert.equal(res.statusCode, 200, res.body);
  }
  return account;
}

const placeCod = (account: Account, quantity = 1) =>
  placePaidOrder(ctx, account, { paymentMethod: 'cod', items: [{ ...piece, quantity }] });

async function step(orderId: string, to: string) {
  const body =
    to === 'shipped'
      ? { to, courier: 'Delhivery', awb: `DLV${Date.now()}`, trackingUrl: 'https://track.delhivery.test/p/1' }
      : { to };
  const res = await asStaff(ctx.app, owner, 'POST', `/admin/api/orders/${orderId}/steps`, body);
  assert.equal(res.statusCode, 200, res.body);
}

let awbCount = 0;
let clock = Date.now() - 6 * 3_600_000;

/** An order of `account` shipped by the store with a fresh AWB. */
async function shippedCod(account: Account): Promise<{ order: Order; awb: string }> {
  const order = await placeCod(account);
  const awb = `19042${String(++awbCount).padStart(9, '0')}`;
  await step(order.id, 'confirmed');
  await step(order.id, 'packed');
  const res = await asStaff(ctx.app, owner, 'POST', `/admin/api/orders/${order.id}/steps`, {
    to: 'shipped',
    courier: 'Delhivery',
    awb,
  });
  assert.equal(res.statusCode, 200, res.body);
  return { order, awb };
}

/** The courier's tracking webhook for `awb` (a minute after the last, unless `at` is given). */
async function courierSays(awb: string, status: readonly [number, string], at = new Date((clock += 60_000))) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/webhooks/courier',
    headers: { 'x-api-key': WEBHOOK_TOKEN },
    payload: trackingWebhook(awb, status, at),
  });
  assert.equal(res.statusCode, 200, res.body);
  return at;
}

/** What the stand-in received since `from`, once the queued jobs ran. */
async function sentSince(from: number): Promise<Received[]> {
  await ctx.app.jobs.idle();
  return cloud.received.slice(from);
}

async function orderOf(account: Account, orderId: string): Promise<Order> {
  const res = await ctx.app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(account.token) });
  assert.equal(res.statusCode, 200, res.body);
  const data = res.json().data;
  return (data.order ?? data) as Order;
}

async function stockOf(variantId: string): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    ctx.database.db,
    sql`SELECT stock FROM variants WHERE id = ${variantId}`,
  );
  return row!.stock;
}

const postWebhook = (body: string, signature = hubSignature(body)) =>
  ctx.app.inject({
    method: 'POST',
    url: '/webhooks/whatsapp',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: body,
  });

/** Holds cash on delivery orders payable above `rupees` (null: none), as the owner saves it. */
async function holdAbove(rupees: number | null) {
  const current = await asStaff(ctx.app, owner, 'GET', '/admin/api/store-settings');
  assert.equal(current.statusCode, 200, current.body);
  const settings = current.json().data.settings;
  const res = await asStaff(ctx.app, owner, 'PUT', '/admin/api/store-settings', {
    ...settings,
    codConfirmAboveRupees: rupees,
    codConfirmHours: 24,
  });
  assert.equal(res.statusCode, 200, res.body);
}

/** The confirmation link's token from the shopper's latest confirmation mail. */
async function tokenFromMail(account: Account): Promise<string> {
  await ctx.app.jobs.idle();
  const mails = await outboxMailsTo(ctx.dataDir, account.email);
  const mail = mails.findLast((m) => /Please confirm/.test(m.subject ?? ''));
  assert.ok(mail, 'the confirmation mail went');
  const match = /\/orders\/confirm\?token=([^\s"]+)/.exec(mail.text ?? '');
  assert.ok(match, 'the mail carries the confirmation link');
  const token = decodeURIComponent(match[1]!);
  tokens.push(token);
  return token;
}

describe('opt-in', () => {
  test('a shopper opts in with their number and out again; a session is needed, a bad number refused', async () => {
    const account = await register(ctx.app);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: '/whatsapp/opt-in', payload: { optedIn: true } });
    assert.equal(anonymous.statusCode, 401);
    const noNumber = await ctx.app.inject({
      method: 'PUT',
      url: '/whatsapp/opt-in',
      headers: bearer(account.token),
      payload: { optedIn: true },
    });
    assert.equal(noNumber.statusCode, 400);
    assert.equal(noNumber.json().message, WHATSAPP_MESSAGES.phoneRequired);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/whatsapp/opt-in',
      headers: bearer(account.token),
      payload: { optedIn: true, phone: '12345' },
    });
    assert.equal(bad.statusCode, 400);

    const on = await ctx.app.inject({
      method: 'PUT',
      url: '/whatsapp/opt-in',
      headers: bearer(account.token),
      payload: { optedIn: true, phone: '+91 98123 45678' },
    });
    assert.equal(on.statusCode, 200, on.body);
    assert.deepEqual(on.json().data, { optedIn: true, phone: '9812345678' });
    assert.equal(on.json().message, WHATSAPP_MESSAGES.optedIn);
    const off = await ctx.app.inject({
      method: 'PUT',
      url: '/whatsapp/opt-in',
      headers: bearer(account.token),
      payload: { optedIn: false },
    });
    assert.deepEqual(off.json().data, { optedIn: false, phone: '9812345678' });
    const read = await ctx.app.inject({ method: 'GET', url: '/whatsapp/opt-in', headers: bearer(account.token) });
    assert.deepEqual(read.json().data, { optedIn: false, phone: '9812345678' });
  });
});

describe('order updates', () => {
  test('each update goes as its template in the Cloud API request shape, once; none without the opt-in', async () => {
    const account = await shopper('9812345678');
    const from = cloud.received.length;
    const order = await placeCod(account);
    for (const to of ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered']) await step(order.id, to);
    await ctx.app.events.emit('refund.changed', {
      refundId: '00000000-0000-4000-8000-000000000001',
      orderId: order.id,
      status: 'completed',
      amountPaise: 50_000,
    });
    const sent = await sentSince(from);
    assert.deepEqual(
      sent.map((r) => r.body.template.name),
      ['order_placed', 'order_shipped', 'order_out_for_delivery', 'order_delivered', 'refund_issued'],
    );
    for (const r of sent) {
      assert.equal(r.path, '/v21.0/109876543210987/messages');
      assert.equal(r.body.messaging_product, 'whatsapp');
      assert.equal(r.body.type, 'template');
      assert.equal(r.body.to, '919812345678');
      assert.equal(r.body.template.language.code, 'en');
    }
    assert.deepEqual(FakeCloudApi.params(sent[0]!.body), {
      customer_name: 'Meera',
      order_number: order.orderNumber,
      amount: '₹ 1,299',
      order_link: `${TEST_STOREFRONT_URL}/account/orders/${order.id}`,
    });
    assert.equal(FakeCloudApi.params(sent[1]!.body).tracking_link, 'https://track.delhivery.test/p/1');
    assert.equal(FakeCloudApi.params(sent[4]!.body).amount, '₹ 500');

    // A step told twice (a retry, another instance) sends nothing more.
    await ctx.app.events.emit('order.status_changed', { orderId: order.id, status: 'delivered', storeStep: true });
    assert.equal((await sentSince(from)).length, 5);

    const stranger = await shopper(null);
    const before = cloud.received.length;
    const theirs = await placeCod(stranger);
    await step(theirs.id, 'confirmed');
    await step(theirs.id, 'packed');
    await step(theirs.id, 'shipped');
    assert.deepEqual(await sentSince(before), [], 'no opt-in, no WhatsApp');
  });

  test('a number WhatsApp cannot reach gets the update by text instead', async () => {
    const account = await shopper('9822222222');
    cloud.undeliverable.add('919822222222');
    const from = cloud.received.length;
    await placeCod(account);
    assert.deepEqual(await sentSince(from), []);
    const texts = (await readSmsOutbox(ctx.dataDir)).filter((t) => t.phone === '9822222222');
    assert.equal(texts.length, 1);
    assert.match(texts[0]!.text, /order VST-\d+: is placed\. http:\/\/shop\.test\/account\/orders\//);
  });
});

describe('a failed delivery attempt', () => {
  test("the courier's NDR sends the template with the order's number and page, once per attempt (and each new attempt's out for delivery); none without the opt-in", async () => {
    const account = await shopper('9855555555');
    const { order, awb } = await shippedCod(account);
    const from = (await sentSince(0)).length;
    await courierSays(awb, SR.outForDelivery);
    const failedAt = await courierSays(awb, SR.undelivered);
    const sent = await sentSince(from);
    assert.deepEqual(
      sent.map((r) => r.body.template.name),
      ['order_out_for_delivery', 'order_delivery_failed'],
    );
    assert.equal(sent[1]!.body.to, '919855555555');
    assert.deepEqual(FakeCloudApi.params(sent[1]!.body), {
      order_number: order.orderNumber,
      order_link: `${TEST_STOREFRONT_URL}/account/orders/${order.id}`,
    });

    // The same event again, or the step told twice, sends nothing more.
    await courierSays(awb, SR.undelivered, failedAt);
    await ctx.app.events.emit('order.status_changed', { orderId: order.id, status: 'undelivered', storeStep: true });
    assert.equal((await sentSince(from)).length, 2);

    // The courier goes out again, and fails again: the shopper hears of both.
    await courierSays(awb, SR.outForDelivery);
    await courierSays(awb, SR.undelivered);
    assert.deepEqual(
      (await sentSince(from)).map((r) => r.body.template.name),
      ['order_out_for_delivery', 'order_delivery_failed', 'order_out_for_delivery', 'order_delivery_failed'],
    );

    // Delivered at last: a late retelling of the failure sends nothing.
    await courierSays(awb, SR.delivered);
    await ctx.app.events.emit('order.status_changed', { orderId: order.id, status: 'undelivered', storeStep: true });
    assert.deepEqual((await sentSince(from)).map((r) => r.body.template.name).slice(4), ['order_delivered']);

    const stranger = await shopper(null);
    const theirs = await shippedCod(stranger);
    const before = (await sentSince(0)).length;
    await courierSays(theirs.awb, SR.undelivered);
    assert.equal((await orderOf(stranger, theirs.order.id)).status, 'undelivered');
    assert.deepEqual(await sentSince(before), [], 'no opt-in, no WhatsApp');
  });
});

describe('the webhook', () => {
  test('the verification handshake answers the challenge only with the verify token', async () => {
    const ok = await ctx.app.inject({
      method: 'GET',
      url: `/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.body, '1158201444');
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1158201444',
    });
    assert.equal(wrong.statusCode, 403);
  });

  test('a signed status is recorded; a forged signature is refused and changes nothing', async () => {
    const account = await shopper('9812345678');
    const from = cloud.received.length;
    await placeCod(account);
    const [sent] = await sentSince(from);
    assert.ok(sent);
    const statusOf = async () =>
      (
        await ctx.database.db
          .select({ status: whatsappMessages.status })
          .from(whatsappMessages)
          .where(eq(whatsappMessages.providerMessageId, sent.id))
      )[0]?.status;
    assert.equal(await statusOf(), 'sent');

    const read = webhookBody({
      statuses: [{ id: sent.id, status: 'read', timestamp: '1732790000', recipient_id: '919812345678' }],
    });
    const forged = await postWebhook(read, hubSignature(read, 'not-the-app-secret'));
    assert.equal(forged.statusCode, 401);
    assert.equal(forged.json().message, WHATSAPP_MESSAGES.signatureInvalid);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/webhooks/whatsapp',
      headers: { 'content-type': 'application/json' },
      payload: read,
    });
    assert.equal(unsigned.statusCode, 401);
    assert.equal(await statusOf(), 'sent');

    const delivered = webhookBody({ statuses: [{ id: sent.id, status: 'delivered', timestamp: '1732789000' }] });
    assert.equal((await postWebhook(delivered)).statusCode, 200);
    assert.equal(await statusOf(), 'delivered');
    assert.equal((await postWebhook(read)).statusCode, 200);
    assert.equal(await statusOf(), 'read');
    // A late "delivered" never moves it back.
    assert.equal((await postWebhook(delivered)).statusCode, 200);
    assert.equal(await statusOf(), 'read');
  });

  test('a reply "STOP" opts the number out: no more updates', async () => {
    const account = await shopper('9833333333');
    const order = await placeCod(account);
    await ctx.app.jobs.idle();
    const stop = webhookBody({
      contacts: [{ profile: { name: 'Meera' }, wa_id: '919833333333' }],
      messages: [
        { from: '919833333333', id: 'wamid.stop1', timestamp: '1732790000', type: 'text', text: { body: 'stop' } },
      ],
    });
    assert.equal((await postWebhook(stop)).statusCode, 200);
    const [row] = await ctx.database.db.select().from(whatsappOptIns).where(eq(whatsappOptIns.userId, account.userId));
    assert.equal(row!.optedIn, false);
    // The opt-in and the STOP are the shopper's consent given and withdrawn (docs/behaviour.md "Consent and the privacy notice").
    const consents = await ctx.app.inject({ method: 'GET', url: '/account/consents', headers: bearer(account.token) });
    const records = (consents.json().data.history as { purpose: string; action: string; channel: string }[])
      .filter((r) => r.purpose === 'whatsapp_updates')
      .map((r) => `${r.action} by ${r.channel}`);
    assert.deepEqual(records, ['withdrawn by whatsapp', 'given by web']);
    const from = cloud.received.length;
    await step(order.id, 'confirmed');
    await step(order.id, 'packed');
    await step(order.id, 'shipped');
    assert.deepEqual(await sentSince(from), []);
  });
});

describe('COD confirmation', () => {
  before(() => holdAbove(2000));
  after(() => holdAbove(null));

  test('an order above the threshold is held, asked by WhatsApp with a button and by mail, and the button confirms it', async () => {
    const account = await shopper('9844444444');
    const stock = await stockOf(piece.variantId);
    const from = cloud.received.length;
    const small = await placeCod(account, 1);
    assert.equal(small.status, 'placed', 'at or below the threshold nothing is held');
    const order = await placeCod(account, 2);
    assert.equal(order.status, 'awaiting_confirmation');
    assert.equal(await stockOf(piece.variantId), stock - 3, 'a held order keeps its stock');

    const sent = await sentSince(from);
    const ask = sent.find((r) => r.body.template.name === 'cod_confirmation');
    assert.ok(ask, 'the confirmation request went by WhatsApp');
    const button = ask.body.template.components.find((c) => c.type === 'button');
    assert.deepEqual(button, {
      type: 'button',
      sub_type: 'quick_reply',
      index: '0',
      parameters: [{ type: 'payload', payload: `cod-confirm:${order.id}` }],
    });
    assert.equal(FakeCloudApi.params(ask.body).amount, '₹ 2,598');
    assert.ok(
      !sent.some(
        (r) =>
          r.body.template.name === 'order_placed' && FakeCloudApi.params(r.body).order_number === order.orderNumber,
      ),
    );
    const token = await tokenFromMail(account);
    assert.ok(FakeCloudApi.params(ask.body).confirm_link!.includes(encodeURIComponent(token)));
    assert.equal(
      (await outboxMailsTo(ctx.dataDir, account.email)).filter((m) => m.subject?.includes(order.orderNumber)).length,
      1,
      'no order confirmation mail while held',
    );

    // A tap from another number confirms nothing.
    const reply = (from: string, id: string) =>
      webhookBody({
        messages: [
          {
            from,
            id,
            timestamp: '1732790000',
            type: 'button',
            button: { payload: `cod-confirm:${order.id}`, text: 'Confirm order' },
          },
        ],
      });
    assert.equal((await postWebhook(reply('919800000000', 'wamid.other'))).statusCode, 200);
    assert.equal((await orderOf(account, order.id)).status, 'awaiting_confirmation');

    assert.equal((await postWebhook(reply('919844444444', 'wamid.tap'))).statusCode, 200);
    const confirmed = await orderOf(account, order.id);
    assert.equal(confirmed.status, 'placed');
    await ctx.app.jobs.idle();
    const mails = await outboxMailsTo(ctx.dataDir, account.email);
    assert.ok(
      mails.some((m) => m.subject?.includes(order.orderNumber) && !/Please confirm/.test(m.subject)),
      'the order confirmation mail went once confirmed',
    );
    const timeline = await queryRows<{ note: string | null; actor: string }>(
      ctx.database.db,
      sql`SELECT note, actor FROM order_events WHERE order_id = ${order.id} AND status = 'placed'`,
    );
    assert.deepEqual(timeline, [{ note: 'Cash on delivery confirmed by the shopper (WhatsApp)', actor: 'shopper' }]);
  });

  test('the signed link confirms a held order without a login, once; a forged token is refused', async () => {
    const account = await shopper(null);
    const order = await placeCod(account, 2);
    assert.equal(order.status, 'awaiting_confirmation');
    const token = await tokenFromMail(account);
    const texts = (await readSmsOutbox(ctx.dataDir)).filter((t) => t.text.includes(order.orderNumber));
    assert.equal(texts.length, 1, 'not on WhatsApp: the link goes by text too');
    assert.equal(texts[0]!.phone, '9876543210', 'to the delivery address number');

    const confirm = (t: string) =>
      ctx.app.inject({ method: 'POST', url: '/orders/cod-confirmation', payload: { token: t } });
    const forged = await new SignJWT({ purpose: 'cod-confirm' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(order.id)
      .setIssuer('vastra')
      .setAudience('vastra-cod-confirmation')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-secret-that-is-not-the-servers-0123456789'));
    for (const bad of [forged, `${token}x`, 'not-a-token']) {
      const res = await confirm(bad);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().message, WHATSAPP_MESSAGES.codLinkInvalid);
    }
    assert.equal((await orderOf(account, order.id)).status, 'awaiting_confirmation');

    const res = await confirm(token);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, WHATSAPP_MESSAGES.codConfirmed);
    assert.deepEqual(res.json().data, {
      orderId: order.id,
      orderNumber: order.orderNumber,
      status: 'placed',
      alreadyConfirmed: false,
    });
    const again = await confirm(token);
    assert.equal(again.statusCode, 200);
    assert.equal(again.json().data.alreadyConfirmed, true);
    assert.equal(again.json().message, WHATSAPP_MESSAGES.codAlreadyConfirmed);
  });

  test('a held order left unconfirmed past its hours is cancelled with its stock back; its link then says so', async () => {
    const account = await shopper(null);
    const stock = await stockOf(piece.variantId);
    const order = await placeCod(account, 2);
    const token = await tokenFromMail(account);
    assert.equal(await stockOf(piece.variantId), stock - 2);

    // Not yet due: the job leaves it.
    await ctx.app.jobs.send(WHATSAPP_COD_EXPIRE_JOB, {});
    await ctx.app.jobs.idle();
    assert.equal((await orderOf(account, order.id)).status, 'awaiting_confirmation');

    await ctx.database.db.execute(
      sql`UPDATE orders SET created_at = now() - interval '25 hours' WHERE id = ${order.id}`,
    );
    await ctx.app.jobs.send(WHATSAPP_COD_EXPIRE_JOB, {});
    await ctx.app.jobs.idle();
    const cancelled = await orderOf(account, order.id);
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(await stockOf(piece.variantId), stock, 'the stock is back');

    const late = await ctx.app.inject({ method: 'POST', url: '/orders/cod-confirmation', payload: { token } });
    assert.equal(late.statusCode, 409);
    assert.equal(late.json().message, WHATSAPP_MESSAGES.codExpired);
  });
});

test('no phone number, confirmation token or verify token is in the log', async () => {
  await ctx.app.jobs.idle();
  const log = logLines.join('');
  assert.ok(log.includes('WhatsApp message sent'), 'the sends are logged');
  for (const phone of PHONES) assert.ok(!log.includes(phone), `the log holds no number ${phone.slice(0, 2)}…`);
  for (const token of tokens) assert.ok(!log.includes(token), 'the log holds no confirmation token');
  assert.ok(!log.includes(VERIFY_TOKEN), 'the log holds no verify token');
});
