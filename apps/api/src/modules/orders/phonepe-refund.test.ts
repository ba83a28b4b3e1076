/**
 * PhonePe end to end (behaviour.md §10): with PAYMENT_GATEWAY=phonepe against the local PhonePe server,
 * an order placed over HTTP and paid (status COMPLETED, read when the shopper comes back) is
 * cancelled by the shopper: a PhonePe refund of the payable paise against the original
 * merchantOrderId is requested and stays pending; a pg.refund.completed webhook completes it
 * once (a replay changes nothing and mails nothing), and the order view shows it completed.
 * A delivered PhonePe order's return refunded by the store goes back through PhonePe alike, and
 * a refund PhonePe could not take (down) is submitted and settled by the store's refresh.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ORDER_MESSAGES, type Order } from '@vastra/contracts';
import { rupeesToPaise } from '../../lib/money';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { deliver, piecesOf, sendReturn, type Piece } from '../../test/returns';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { FakePhonePe, WEBHOOK_AUTH, phonePeEnv } from '../../test/phonepe-server';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';

const phonePe = new FakePhonePe();
const OPERATOR_TOKEN = 'phonepe-refund-test-operator-token-0123456789';
let ctx: TestContext;
let smtp: TestSmtpServer;
let piece: Piece;
let shopper: Account;

before(async () => {
  const base = await phonePe.listen();
  smtp = await startSmtpServer();
  ctx = await createTestApp({
    env: {
      SMTP_URL: smtp.url,
      OPERATOR_TOKEN,
      ...phonePeEnv(base),
    },
  });
  // A product that may be returned: the first by id may sit under a non-returnable category.
  piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 2_49_900 }))[0]!;
  shopper = await register(ctx.app, { name: 'Asha Rao' });
  await smtp.waitForMail(shopper.email); // the verification code
});
after(async () => {
  await ctx.close();
  await smtp.close();
  await phonePe.close();
});

async function view(orderId: string): Promise<Order> {
  const res = await ctx.app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.order;
}

const webhook = (payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/payments/phonepe/webhook',
    headers: { authorization: WEBHOOK_AUTH },
    payload: payload as Record<string, unknown>,
  });

/** Places an order of one piece with PhonePe and pays it (COMPLETED, read when the shopper comes back). */
async function paidPhonePeOrder(): Promise<{ order: Order; merchantOrderId: string; payablePaise: number }> {
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(shopper.token),
    payload: {
      items: [{ productId: piece.productId, variantId: piece.variantId, quantity: 1 }],
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'phonepe',
    },
  });
  assert.equal(placed.statusCode, 201, placed.body);
  const order = placed.json().data.order as Order;
  assert.equal(order.paymentGateway, 'phonepe');
  const payablePaise = rupeesToPaise(order.amountPayable);
  assert.ok(payablePaise > 0);
  const merchantOrderId = String(phonePe.pays.at(-1)!.body.merchantOrderId);
  assert.equal(phonePe.pays.at(-1)!.body.amount, payablePaise);

  phonePe.status.set(merchantOrderId, { state: 'COMPLETED' });
  const back = await ctx.app.inject({ method: 'GET', url: `/payments/phonepe/return/${merchantOrderId}` });
  assert.equal(back.statusCode, 303, back.body);
  const paid = await view(order.id);
  assert.equal(paid.paymentStatus, 'completed');
  assert.equal(paid.status, 'placed');
  await smtp.waitForMail(shopper.email); // the order confirmation
  return { order, merchantOrderId, payablePaise };
}

/** PhonePe's pg.refund.completed webhook for the refund PhonePe was asked for. */
const refundCompleted = (merchantRefundId: string, merchantOrderId: string, amount: number) => ({
  event: 'pg.refund.completed',
  type: 'PG_REFUND_COMPLETED',
  payload: {
    merchantId: 'VASTRAUAT',
    merchantRefundId,
    originalMerchantOrderId: merchantOrderId,
    refundId: 'OMR7878098045517540996',
    amount,
    state: 'COMPLETED',
    timestamp: Date.now(),
  },
});

test('a paid PhonePe order cancelled by the shopper is refunded through PhonePe, completed once by webhook', async () => {
  const { order, merchantOrderId, payablePaise } = await paidPhonePeOrder();
  assert.equal((await view(order.id)).canCancel, true);

  const cancelled = await ctx.app.inject({
    method: 'POST',
    url: `/orders/${order.id}/cancel`,
    headers: bearer(shopper.token),
    payload: { reason: 'Ordered the wrong size' },
  });
  assert.equal(cancelled.statusCode, 200, cancelled.body);
  assert.equal(cancelled.json().message, ORDER_MESSAGES.cancelled);

  assert.equal(phonePe.refunds.length, 1, 'one refund asked of PhonePe');
  const sent = phonePe.refunds[0]!;
  assert.match(sent.authorization ?? '', /^O-Bearer /);
  assert.equal(sent.body.amount, payablePaise, 'the payable amount in paise');
  assert.equal(sent.body.originalMerchantOrderId, merchantOrderId);
  const merchantRefundId = String(sent.body.merchantRefundId);
  assert.ok(merchantRefundId.length > 0 && merchantRefundId.length <= 63);

  const pending = await view(order.id);
  assert.equal(pending.status, 'cancelled');
  assert.deepEqual(
    pending.refunds.map((r) => [r.method, r.status, r.amount]),
    [['gateway', 'pending', order.amountPayable]],
  );
  const cancelMail = await smtp.waitForMail(shopper.email);
  assert.equal(cancelMail.subject, `Your Vastra order ${order.orderNumber} is cancelled`);
  assert.match(cancelMail.text ?? '', /Reason: Ordered the wrong size/);

  // PhonePe's refund status API confirms what the webhook says.
  phonePe.refundStatus.set(merchantRefundId, { state: 'COMPLETED' });
  const completed = refundCompleted(merchantRefundId, merchantOrderId, payablePaise);
  assert.equal((await webhook(completed)).statusCode, 200);
  const done = await view(order.id);
  assert.deepEqual(
    done.refunds.map((r) => [r.method, r.status, r.amount]),
    [['gateway', 'completed', order.amountPayable]],
  );
  const refundMail = await smtp.waitForMail(shopper.email);
  assert.equal(refundMail.subject, `Your refund for ${order.orderNumber} is complete`);

  // PhonePe may deliver the same webhook again: nothing changes and no second mail goes out.
  assert.equal((await webhook(completed)).statusCode, 200);
  assert.deepEqual((await view(order.id)).refunds, done.refunds);
  await assert.rejects(smtp.waitForMail(shopper.email, 800), 'no second refund mail');
  assert.equal(phonePe.refunds.length, 1, 'no second refund asked');
});

test('a returned PhonePe order is refunded through PhonePe when the store refunds the return', async () => {
  const { order, merchantOrderId, payablePaise } = await paidPhonePeOrder();
  await deliver(ctx, order.id);
  const asked = await sendReturn(ctx, shopper, order.id, { reason: 'damaged' });
  assert.equal(asked.status, 201, JSON.stringify(asked.body));
  await smtp.waitForMail(shopper.email); // return requested
  const before = phonePe.refunds.length;
  for (const step of ['approve', 'pickup', 'refund']) {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/admin/api/orders/${order.id}/return/${step}`,
      headers: bearer(OPERATOR_TOKEN),
      payload: {},
    });
    assert.equal(res.statusCode, 200, res.body);
    await smtp.waitForMail(shopper.email);
  }
  assert.equal(phonePe.refunds.length, before + 1);
  const sent = phonePe.refunds.at(-1)!.body;
  assert.equal(sent.amount, payablePaise, 'the whole order came back');
  assert.equal(sent.originalMerchantOrderId, merchantOrderId);
  const pending = await view(order.id);
  assert.equal(pending.status, 'refunded');
  assert.deepEqual(
    pending.refunds.map((r) => [r.method, r.status, r.returnRequestId]),
    [['gateway', 'pending', asked.body.data.returnRequest.id]],
  );

  phonePe.refundStatus.set(String(sent.merchantRefundId), { state: 'COMPLETED' });
  await webhook(refundCompleted(String(sent.merchantRefundId), merchantOrderId, payablePaise));
  assert.equal((await view(order.id)).refunds[0]!.status, 'completed');
  assert.equal((await smtp.waitForMail(shopper.email)).subject, `Your refund for ${order.orderNumber} is complete`);
});

test('PhonePe down when the order is cancelled: the refund waits, the store’s refresh submits it and reads it completed', async () => {
  const { order, merchantOrderId, payablePaise } = await paidPhonePeOrder();
  const before = phonePe.refunds.length;
  phonePe.down = true;
  try {
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/orders/${order.id}/cancel`,
      headers: bearer(shopper.token),
      payload: { reason: 'No longer needed' },
    });
    assert.equal(cancelled.statusCode, 200, 'the cancellation does not wait for PhonePe');
  } finally {
    phonePe.down = false;
  }
  assert.equal(phonePe.refunds.length, before, 'PhonePe took nothing');
  assert.equal((await view(order.id)).refunds[0]!.status, 'pending');
  await smtp.waitForMail(shopper.email); // cancelled

  const refresh = () =>
    ctx.app.inject({ method: 'POST', url: '/admin/api/refunds/refresh', headers: bearer(OPERATOR_TOKEN) });
  const first = await refresh();
  assert.equal(first.statusCode, 200, first.body);
  assert.ok(first.json().data.refunds >= 1);
  assert.equal(phonePe.refunds.length, before + 1, 'the refresh submitted the refund');
  const sent = phonePe.refunds.at(-1)!.body;
  assert.deepEqual([sent.amount, sent.originalMerchantOrderId], [payablePaise, merchantOrderId]);
  assert.equal((await view(order.id)).refunds[0]!.status, 'pending');

  phonePe.refundStatus.set(String(sent.merchantRefundId), { state: 'COMPLETED' });
  assert.equal((await refresh()).statusCode, 200);
  assert.equal((await view(order.id)).refunds[0]!.status, 'completed');
  assert.equal(phonePe.refunds.length, before + 1, 'not submitted twice');
  assert.equal((await smtp.waitForMail(shopper.email)).subject, `Your refund for ${order.orderNumber} is complete`);
});
