/**
 * Razorpay end to end over HTTP against a local stand-in answering in Razorpay's documented
 * shapes (orders, the order's payments, refunds, webhook bodies signed with X-Razorpay-Signature):
 * an order paid in the modal is verified by its checkout signature and by Razorpay's API, once;
 * a forged checkout answer or webhook signature is refused; a failed payment fails the order;
 * a webhook the API contradicts changes nothing; full and partial refunds go through Razorpay
 * and settle once by their webhook; and a failing Razorpay makes checkout offer the other gateway.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ORDER_MESSAGES, type Order, type StoreSettingsView } from '@vastra/contracts';
import { rupeesToPaise } from '../../lib/money';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { eventsOf, paymentsOf } from '../../test/payments';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { piecesOf, type Piece } from '../../test/returns';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import {
  FakeRazorpay,
  KEY_ID,
  KEY_SECRET,
  checkoutSignature,
  razorpayEnv,
  webhookSignature,
} from '../../test/razorpay-server';
import { RAZORPAY_SIGNATURE_INVALID } from './service';

const razorpay = new FakeRazorpay();
let ctx: TestContext;
let shopper: Account;
let owner: StaffLogin;
let piece: Piece;
let base: string;

before(async () => {
  base = await razorpay.listen();
  ctx = await createTestApp({ env: { LOG_LEVEL: 'info', ...razorpayEnv(base) } });
  piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 2_49_900 }))[0]!;
  owner = (await staffTeam(ctx)).owner;
});
// A shopper may hold only a few unpaid orders: each test has its own.
beforeEach(async () => {
  shopper = await register(ctx.app, { name: 'Meera Iyer' });
});
after(async () => {
  await ctx.close();
  await razorpay.close();
});

async function view(orderId: string): Promise<Order> {
  const res = await ctx.app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(shopper.token) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.order;
}

function place(paymentMethod: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(shopper.token),
    payload: {
      items: [{ productId: piece.productId, variantId: piece.variantId, quantity: 1 }],
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod,
    },
  });
}

/** An order placed with Razorpay: ours, Razorpay's order and our payment's id. */
async function placed() {
  const res = await place('razorpay');
  assert.equal(res.statusCode, 201, res.body);
  const order = res.json().data.order as Order;
  const [payment] = await paymentsOf(ctx.database.db, order.id);
  const rzpOrder = razorpay.orders.get(payment!.providerOrderId!)!;
  return { order, merchantOrderId: payment!.merchantOrderId, rzpOrder, paymentId: payment!.id };
}

const verify = (merchantOrderId: string, answer: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/payments/razorpay/verify/${merchantOrderId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(answer).toString(),
  });

/** Posts a webhook body (a string, sent as is) with its signature, or the one given. */
const webhook = (body: string, signature = webhookSignature(body)) =>
  ctx.app.inject({
    method: 'POST',
    url: '/payments/razorpay/webhook',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature },
    payload: body,
  });

/** Pays a placed order in the modal (captured) and sends its signed answer to verify. */
async function paidOrder() {
  const p = await placed();
  const payment = razorpay.pay(p.rzpOrder.id, 'captured');
  const res = await verify(p.merchantOrderId, {
    razorpay_payment_id: payment.id,
    razorpay_order_id: p.rzpOrder.id,
    razorpay_signature: checkoutSignature(p.rzpOrder.id, payment.id),
  });
  assert.equal(res.statusCode, 303, res.body);
  return { ...p, payment };
}

describe('paying with Razorpay', () => {
  test('the order is created at Razorpay in paise with basic auth, and our page opens the modal with it', async () => {
    const { order, merchantOrderId, rzpOrder } = await placed();
    const created = razorpay.requests.findLast((r) => r.method === 'POST' && r.path === '/v1/orders')!;
    assert.equal(created.body!.amount, rupeesToPaise(order.amountPayable));
    assert.equal(created.body!.currency, 'INR');
    assert.equal(created.body!.receipt, merchantOrderId.slice(0, 40));
    assert.deepEqual(created.body!.notes, { merchant_order_id: merchantOrderId, order_number: order.orderNumber });
    assert.equal(order.paymentUrl, `http://api.test/payments/razorpay/pay/${merchantOrderId}`);

    const page = await ctx.app.inject({ method: 'GET', url: `/payments/razorpay/pay/${merchantOrderId}` });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, new RegExp(`"key":"${KEY_ID}","orderId":"${rzpOrder.id}"`));
    assert.match(page.body, /<script src="http:\/\/127\.0\.0\.1:\d+\/v1\/checkout\.js"><\/script>/);
    assert.doesNotMatch(page.body, new RegExp(KEY_SECRET));
    // The storefront's checkout page opens the modal with the same, read from the API.
    const forStorefront = await ctx.app.inject({
      method: 'GET',
      url: `/payments/razorpay/checkout/${merchantOrderId}`,
    });
    assert.equal(forStorefront.statusCode, 200, forStorefront.body);
    assert.deepEqual(forStorefront.json().data, {
      keyId: KEY_ID,
      razorpayOrderId: rzpOrder.id,
      orderNumber: order.orderNumber,
      storeName: 'Vastra',
      checkoutUrl: razorpayEnv(base).RAZORPAY_CHECKOUT_URL,
      verifyUrl: `http://api.test/payments/razorpay/verify/${merchantOrderId}`,
      confirmationUrl: `${TEST_STOREFRONT_URL}/checkout/confirmation/${order.id}`,
    });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/payments/razorpay/checkout/VST-000000-0' });
    assert.equal(unknown.statusCode, 404);
    const csp = String(page.headers['content-security-policy']);
    assert.match(csp, /script-src 'sha256-[^']+' http:\/\/127\.0\.0\.1:\d+;/);
    assert.match(csp, /frame-src http:\/\/127\.0\.0\.1:\d+ https:\/\/api\.razorpay\.com/);
    assert.match(csp, new RegExp(`form-action 'self' ${TEST_STOREFRONT_URL}`));
  });

  test('happy path: a signed answer is checked with the API, the order is paid, and a second verify changes nothing', async () => {
    const { order, merchantOrderId, rzpOrder, payment, paymentId } = await paidOrder();
    const paid = await view(order.id);
    assert.equal(paid.paymentStatus, 'completed');
    assert.equal(paid.status, 'placed');
    assert.ok(razorpay.requests.some((r) => r.path === `/v1/orders/${rzpOrder.id}/payments`));

    const eventsBefore = (await eventsOf(ctx.database.db, paymentId)).length;
    const again = await verify(merchantOrderId, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: rzpOrder.id,
      razorpay_signature: checkoutSignature(rzpOrder.id, payment.id),
    });
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, `${TEST_STOREFRONT_URL}/checkout/confirmation/${order.id}`);
    assert.equal((await eventsOf(ctx.database.db, paymentId)).length, eventsBefore);
    // The page of a settled payment goes to the confirmation.
    const page = await ctx.app.inject({ method: 'GET', url: `/payments/razorpay/pay/${merchantOrderId}` });
    assert.equal(page.statusCode, 303);
  });

  test('an answer not signed with our key secret is refused and changes nothing', async () => {
    const { order, merchantOrderId, rzpOrder, paymentId } = await placed();
    const payment = razorpay.pay(rzpOrder.id, 'captured');
    const res = await verify(merchantOrderId, {
      razorpay_payment_id: payment.id,
      razorpay_order_id: rzpOrder.id,
      razorpay_signature: checkoutSignature(rzpOrder.id, payment.id, 'not-our-secret'),
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().message, RAZORPAY_SIGNATURE_INVALID);
    assert.equal((await view(order.id)).paymentStatus, 'pending');
    assert.equal((await eventsOf(ctx.database.db, paymentId)).length, 1); // the creation only
  });

  test('a failed payment, told by a signed payment.failed webhook and confirmed by the API, fails the order once', async () => {
    const { order, rzpOrder } = await placed();
    const payment = razorpay.pay(rzpOrder.id, 'failed');
    const body = razorpay.webhookBody('payment.failed', { payment });
    const res = await webhook(body);
    assert.equal(res.statusCode, 200, res.body);
    const failed = await view(order.id);
    assert.equal(failed.paymentStatus, 'failed');
    assert.equal(failed.status, 'payment_failed');
    assert.equal((await webhook(body)).statusCode, 200); // a replay
    assert.equal((await view(order.id)).status, 'payment_failed');
  });

  test('a webhook with a forged signature is refused before anything is read or stored', async () => {
    const { order, rzpOrder, paymentId } = await placed();
    const payment = razorpay.pay(rzpOrder.id, 'captured');
    const reads = razorpay.requests.length;
    const body = razorpay.webhookBody('payment.captured', { payment });
    const forged = await webhook(body, webhookSignature(body, 'guessed-secret'));
    assert.equal(forged.statusCode, 401);
    assert.equal((await webhook(body, '')).statusCode, 401);
    // Signed for another body: the signature covers the bytes sent.
    const altered = await webhook(body.replace('"captured"', '"captured" '), webhookSignature(body));
    assert.equal(altered.statusCode, 401);
    assert.equal(razorpay.requests.length, reads);
    assert.equal((await view(order.id)).paymentStatus, 'pending');
    assert.equal((await eventsOf(ctx.database.db, paymentId)).length, 1);
  });

  test('a signed webhook claiming captured while the API says failed changes nothing', async () => {
    const { order, rzpOrder } = await placed();
    const payment = razorpay.pay(rzpOrder.id, 'failed');
    const claim = { ...payment, status: 'captured' as const, captured: true, error_code: null };
    const res = await webhook(razorpay.webhookBody('payment.captured', { payment: claim }));
    assert.equal(res.statusCode, 200, res.body);
    const after = await view(order.id);
    assert.equal(after.paymentStatus, 'pending');
    assert.equal(after.status, 'pending_payment');
  });

  test('order.paid after the shopper closed the page pays the order; Razorpay down gives 503 so it is sent again', async () => {
    const { order, rzpOrder } = await placed();
    const payment = razorpay.pay(rzpOrder.id, 'captured');
    const body = razorpay.webhookBody('order.paid', { payment, order: rzpOrder });
    ctx.expectServerErrors(/503 POST \/payments\/razorpay\/webhook/);
    razorpay.down = true;
    const unreadable = await webhook(body);
    razorpay.down = false;
    assert.equal(unreadable.statusCode, 503);
    assert.equal((await view(order.id)).paymentStatus, 'pending');
    assert.equal((await webhook(body)).statusCode, 200);
    assert.equal((await view(order.id)).paymentStatus, 'completed');
  });
});

describe('refunds through Razorpay', () => {
  test('a cancelled paid order is refunded in full; refund.processed settles it once', async () => {
    const { order, payment } = await paidOrder();
    const cancelled = await ctx.app.inject({
      method: 'POST',
      url: `/orders/${order.id}/cancel`,
      headers: bearer(shopper.token),
      payload: { reason: 'Ordered the wrong size' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal(cancelled.json().message, ORDER_MESSAGES.cancelled);
    const asked = razorpay.requests.findLast((r) => r.path === `/v1/payments/${payment.id}/refund`)!;
    assert.equal(asked.body!.amount, payment.amount);
    const [refund] = await ctx.app.payments.refundsOf([order.id]);
    assert.equal(refund!.status, 'pending');
    assert.equal(asked.body!.receipt, refund!.merchantRefundId);

    const settled = razorpay.settleRefund(refund!.providerRefundId!, 'processed');
    const body = razorpay.webhookBody('refund.processed', { refund: settled, payment });
    assert.equal((await webhook(body)).statusCode, 200);
    assert.equal((await ctx.app.payments.refundsOf([order.id]))[0]!.status, 'completed');
    assert.equal((await view(order.id)).refundedAmount, payment.amount / 100);
    assert.equal((await webhook(body)).statusCode, 200);
    assert.equal((await ctx.app.payments.refundsOf([order.id])).length, 1);
  });

  test('a partial refund asks Razorpay for that amount; refund.failed, confirmed by the API, fails it', async () => {
    const { order, payment } = await paidOrder();
    ctx.expectServerErrors(/refund failed at the gateway/);
    const row = await ctx.app.payments.requestRefund(ctx.database.db, {
      orderId: order.id,
      returnRequestId: randomUUID(),
      method: 'gateway',
      amountPaise: 50_000,
      reason: 'One piece returned',
    });
    const submitted = await ctx.app.payments.submitRefund(row!.id);
    assert.equal(submitted.status, 'pending');
    assert.equal(razorpay.requests.findLast((r) => r.path.endsWith('/refund'))!.body!.amount, 50_000);
    assert.equal(razorpay.payments.get(payment.id)!.refund_status, 'partial');

    // The webhook claims failed while the API still says pending: nothing settles.
    const refund = razorpay.refunds.get(submitted.providerRefundId!)!;
    await webhook(razorpay.webhookBody('refund.failed', { refund: { ...refund, status: 'failed' }, payment }));
    assert.equal((await ctx.app.payments.refreshRefund(row!.id)).status, 'pending');
    razorpay.settleRefund(refund.id, 'failed');
    assert.equal((await webhook(razorpay.webhookBody('refund.failed', { refund, payment }))).statusCode, 200);
    assert.equal((await ctx.app.payments.refundsOf([order.id])).find((r) => r.id === row!.id)!.status, 'failed');
  });
});

describe('gateway failover', () => {
  test('while Razorpay fails, checkout offers the store’s other gateway; once it answers, Razorpay again', async () => {
    const settings = await asStaff(ctx.app, owner, 'GET', '/admin/api/store-settings');
    const current = (settings.json().data as StoreSettingsView).settings;
    const saved = await asStaff(ctx.app, owner, 'PUT', '/admin/api/store-settings', {
      ...current,
      paymentGateways: ['razorpay', 'sandbox'],
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const methods = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/orders/checkout-options', headers: bearer(shopper.token) })).json()
        .data.paymentMethods;
    assert.deepEqual((await methods()).slice(0, 2), ['razorpay', 'sandbox']);

    razorpay.down = true;
    ctx.expectServerErrors(/503 POST \/orders/);
    const refused = await place('razorpay');
    assert.equal(refused.statusCode, 503);
    assert.equal(refused.json().message, ORDER_MESSAGES.paymentStartFailed);
    // Remembered in the database, so every instance passes Razorpay over.
    assert.ok(await ctx.app.staff.stateValue('payments.failing.razorpay'));
    assert.deepEqual((await methods()).slice(0, 1), ['sandbox']);
    assert.ok(!(await methods()).includes('razorpay'));
    const other = await place('sandbox');
    assert.equal(other.statusCode, 201, other.body);

    razorpay.down = false;
    // FAILING_FOR_MS later:
    await ctx.app.staff.setStateValue('payments.failing.razorpay', { until: Date.now() - 1 });
    assert.deepEqual((await methods()).slice(0, 2), ['razorpay', 'sandbox']);
    assert.equal((await place('razorpay')).statusCode, 201);
  });
});
