/**
 * The PhonePe Standard Checkout v2 adapter against a local HTTP server that answers in
 * PhonePe's documented shapes (OAuth token, create payment, order status) and a webhook
 * signed the documented way (Authorization = SHA256(username:password)): the token is
 * fetched once and reused, the payment is created in paise with our redirect URL, each order
 * state maps to behaviour.md §4, the return route reads the status, webhooks apply once and bad
 * authorisation stores nothing, and an unreachable PhonePe gives the clear error and leaves
 * no secret in the logs.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ORDER_MESSAGES } from '@vastra/contracts';
import { ServiceUnavailableError } from '../../lib/errors';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { eventsOf, orderPaymentStatus, paymentsOf, recordingListener } from '../../test/payments';
import { insertOrder, type TestOrder } from '../../test/orders';
import {
  CLIENT_ID,
  CLIENT_SECRET,
  FakePhonePe,
  type OrderStatusAnswer,
  WEBHOOK_AUTH,
  WEBHOOK_PASSWORD,
  WEBHOOK_USERNAME,
  phonePeEnv,
} from '../../test/phonepe-server';
import { PhonePeProvider } from './phonepe';
import { PaymentProviderError } from './provider';

const phonePe = new FakePhonePe();
const recorder = recordingListener(() => ctx.database.db);
const logLines: string[] = [];
let ctx: TestContext;
let base: string;

before(async () => {
  base = await phonePe.listen();
  ctx = await createTestApp({
    seed: false,
    env: {
      LOG_LEVEL: 'info',
      ...phonePeEnv(base),
    },
    logStream: new Writable({
      write(chunk, _encoding, next) {
        logLines.push(String(chunk));
        next();
      },
    }),
  });
  ctx.app.events.on('payment.settled', 'test: record', recorder.listener);
});
after(async () => {
  await ctx.close();
  await phonePe.close();
});
beforeEach(() => {
  recorder.reset();
  phonePe.down = false;
  phonePe.payRedirectUrl = null;
});

/** An order with a started PhonePe payment. */
async function started(
  payablePaise = 2_49_900,
): Promise<{ order: TestOrder; merchantOrderId: string; paymentUrl: string }> {
  const order = await insertOrder(ctx.database.db, { gateway: 'phonepe', payablePaise });
  const { paymentUrl } = await ctx.app.payments.start({
    id: order.id,
    orderNumber: order.orderNumber,
    gateway: 'phonepe',
    amountPaise: payablePaise,
    expiresAt: new Date(Date.now() + 30 * 60_000),
  });
  const [payment] = await paymentsOf(ctx.database.db, order.id);
  return { order, merchantOrderId: payment!.merchantOrderId, paymentUrl };
}

/** Posts a webhook; `authorization: null` sends none. */
const webhook = (payload: unknown, authorization: string | null = WEBHOOK_AUTH) =>
  ctx.app.inject({
    method: 'POST',
    url: '/payments/phonepe/webhook',
    headers: authorization === null ? {} : { authorization },
    payload: payload as Record<string, unknown>,
  });

/** A webhook body as PhonePe documents it for Standard Checkout. */
function orderEvent(event: string, merchantOrderId: string, state: string, amount: number, extra: object = {}) {
  return {
    event,
    type: event === 'checkout.order.completed' ? 'CHECKOUT_ORDER_COMPLETED' : 'CHECKOUT_ORDER_FAILED',
    payload: {
      merchantId: 'VASTRAUAT',
      merchantOrderId,
      orderId: 'OMO2403282020198641071317',
      state,
      amount,
      expireAt: Date.now() + 600_000,
      metaInfo: { udf1: 'VST' },
      paymentDetails: [{ paymentMode: 'UPI_QR', transactionId: 'OM2403282020198651071949', amount, state }],
      ...extra,
    },
  };
}

async function paymentOf(orderId: string) {
  const [payment] = await paymentsOf(ctx.database.db, orderId);
  return { payment: payment!, events: await eventsOf(ctx.database.db, payment!.id) };
}

describe('creating a PhonePe payment', () => {
  test('fetches a token with the client credentials, then creates the payment in paise with our return URL', async () => {
    const tokensBefore = phonePe.tokenForms.length;
    const { order, merchantOrderId, paymentUrl } = await started(2_49_950);
    assert.equal(phonePe.tokenForms.length, tokensBefore + 1);
    const form = phonePe.tokenForms.at(-1)!;
    assert.deepEqual(Object.fromEntries(form), {
      client_id: CLIENT_ID,
      client_version: '1',
      client_secret: CLIENT_SECRET,
      grant_type: 'client_credentials',
    });
    assert.equal(phonePe.tokenContentTypes.at(-1), 'application/x-www-form-urlencoded');

    const pay = phonePe.pays.at(-1)!;
    assert.equal(pay.authorization, `O-Bearer pp-token-${phonePe.tokenForms.length}`);
    assert.equal(pay.body.merchantOrderId, merchantOrderId);
    assert.equal(pay.body.amount, 2_49_950);
    assert.match(merchantOrderId, /^[A-Za-z0-9_-]{1,63}$/);
    const flow = pay.body.paymentFlow as { type: string; merchantUrls: { redirectUrl: string } };
    assert.equal(flow.type, 'PG_CHECKOUT');
    assert.equal(flow.merchantUrls.redirectUrl, `http://api.test/payments/phonepe/return/${merchantOrderId}`);
    const expireAfter = pay.body.expireAfter as number;
    assert.ok(Number.isInteger(expireAfter) && expireAfter >= 300 && expireAfter <= 3600);

    assert.equal(paymentUrl, `https://mercury-uat.phonepe.com/transact/uat_v2?token=tk${phonePe.pays.length}`);
    const { payment, events } = await paymentOf(order.id);
    assert.equal(payment.provider, 'phonepe');
    assert.equal(payment.status, 'pending');
    assert.equal(payment.providerState, 'PENDING');
    assert.equal(payment.providerOrderId, `OMO${2500 + phonePe.pays.length}`);
    assert.equal(payment.redirectUrl, paymentUrl);
    assert.deepEqual(
      events.map((e) => [e.source, e.providerState]),
      [['create', 'PENDING']],
    );
  });

  test('reuses the token until shortly before it expires', async () => {
    await started();
    const tokens = phonePe.tokenForms.length;
    await started();
    await started();
    assert.equal(phonePe.tokenForms.length, tokens);
    assert.equal(new Set(phonePe.pays.slice(-3).map((p) => p.authorization)).size, 1);

    // PhonePe revokes the token; the next one it issues expires in 30 s, too soon to be reused.
    phonePe.tokenExpiresAt = Math.floor(Date.now() / 1000) + 30;
    phonePe.valid.clear();
    await started();
    assert.equal(phonePe.tokenForms.length, tokens + 1);
    phonePe.tokenExpiresAt = Math.floor(Date.now() / 1000) + 3600;
    await started();
    assert.equal(phonePe.tokenForms.length, tokens + 2);
    await started();
    assert.equal(phonePe.tokenForms.length, tokens + 2);
  });

  test('a token PhonePe no longer accepts is replaced once and the call goes through', async () => {
    await started();
    const tokens = phonePe.tokenForms.length;
    phonePe.valid.clear();
    const { paymentUrl } = await started();
    assert.ok(paymentUrl.startsWith('https://mercury-uat.phonepe.com/'));
    assert.equal(phonePe.tokenForms.length, tokens + 1);
  });

  test('PhonePe down: start throws the clear error, the attempt is stored and the payment stays pending until failed', async () => {
    phonePe.down = true;
    const order = await insertOrder(ctx.database.db, { gateway: 'phonepe' });
    await assert.rejects(
      ctx.app.payments.start({
        id: order.id,
        orderNumber: order.orderNumber,
        gateway: 'phonepe',
        amountPaise: 129_900,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      }),
      (err) =>
        err instanceof ServiceUnavailableError &&
        err.statusCode === 503 &&
        err.message === ORDER_MESSAGES.paymentStartFailed,
    );
    const { payment, events } = await paymentOf(order.id);
    assert.equal(payment.status, 'pending');
    assert.deepEqual(
      events.map((e) => e.source),
      ['create'],
    );
    const { error } = events[0]!.payload as { error: { message: string; status: number; code: string } };
    assert.match(error.message, /^PhonePe \/\S+ answered 503$/);
    assert.equal(error.status, 503);
    assert.equal(error.code, 'INTERNAL_SERVER_ERROR');
    assert.equal(recorder.calls.length, 0);

    // The orders module releases the order and closes the payment with fail().
    await ctx.app.payments.fail(ctx.database.db, order.id, 'payment could not be started');
    assert.equal((await paymentOf(order.id)).payment.status, 'failed');
    assert.equal(recorder.calls.length, 0);
  });

  test('an answer whose redirect is not an http(s) URL is not passed on', async () => {
    phonePe.payRedirectUrl = 'javascript:alert(1)';
    const order = await insertOrder(ctx.database.db, { gateway: 'phonepe' });
    await assert.rejects(
      ctx.app.payments.start({
        id: order.id,
        orderNumber: order.orderNumber,
        gateway: 'phonepe',
        amountPaise: 129_900,
        expiresAt: new Date(Date.now() + 30 * 60_000),
      }),
      { statusCode: 503, message: ORDER_MESSAGES.paymentStartFailed },
    );
  });
});

describe('order status (refresh)', () => {
  const cases: { name: string; answer: OrderStatusAnswer; expected: 'completed' | 'failed' | 'pending' }[] = [
    { name: 'COMPLETED → completed', answer: { state: 'COMPLETED' }, expected: 'completed' },
    { name: 'FAILED → failed', answer: { state: 'FAILED', errorCode: 'PAYMENT_ERROR' }, expected: 'failed' },
    { name: 'PENDING → pending', answer: { state: 'PENDING' }, expected: 'pending' },
    { name: 'an error code → failed', answer: { state: 'PENDING', errorCode: 'TXN_AUTO_FAILED' }, expected: 'failed' },
    {
      name: "COMPLETED with an earlier attempt's error code → completed (PhonePe: rely on state)",
      answer: { state: 'COMPLETED', errorCode: 'AUTHORIZATION_ERROR' },
      expected: 'completed',
    },
  ];
  for (const { name, answer, expected } of cases) {
    test(name, async () => {
      const { order, merchantOrderId } = await started();
      phonePe.status.set(merchantOrderId, answer);
      assert.equal(await ctx.app.payments.refresh(order.id), expected);
      const read = phonePe.statusReads.at(-1)!;
      assert.equal(read.url, `/pg/checkout/v2/order/${merchantOrderId}/status?details=false`);
      assert.match(read.authorization ?? '', /^O-Bearer pp-token-\d+$/);
      assert.deepEqual(
        recorder.calls,
        expected === 'pending' ? [] : [{ orderId: order.id, status: expected, source: 'status' }],
      );
      const { payment, events } = await paymentOf(order.id);
      assert.equal(payment.status, expected);
      assert.equal(payment.providerState, answer.state);
      assert.equal(payment.providerOrderId, `OMO-${merchantOrderId}`);
      assert.deepEqual(
        events.map((e) => [e.source, e.providerState]),
        [
          ['create', 'PENDING'],
          ['status', answer.state],
        ],
      );
    });
  }

  test('polling a pending payment stores each different answer once and stops reading once settled', async () => {
    const { order, merchantOrderId } = await started();
    assert.equal(await ctx.app.payments.refresh(order.id), 'pending');
    assert.equal(await ctx.app.payments.refresh(order.id), 'pending');
    phonePe.status.set(merchantOrderId, { state: 'COMPLETED' });
    assert.equal(await ctx.app.payments.refresh(order.id), 'completed');
    const reads = phonePe.statusReads.length;
    assert.equal(await ctx.app.payments.refresh(order.id), 'completed');
    assert.equal(phonePe.statusReads.length, reads);
    assert.equal(recorder.calls.length, 1);
    const { events } = await paymentOf(order.id);
    assert.deepEqual(
      events.map((e) => [e.source, e.providerState]),
      [
        ['create', 'PENDING'],
        ['status', 'PENDING'],
        ['status', 'COMPLETED'],
      ],
    );
  });

  test('a completed payment of another amount is left pending for a person to check', async () => {
    const { order, merchantOrderId } = await started(2_49_900);
    // The error line is the alert a person acts on.
    ctx.expectServerErrors(/^error: gateway reports a completed payment of another amount; left pending /);
    phonePe.status.set(merchantOrderId, { state: 'COMPLETED', amount: 100 });
    assert.equal(await ctx.app.payments.refresh(order.id), 'pending');
    assert.equal(recorder.calls.length, 0);
    assert.ok(logLines.some((l) => l.includes('completed payment of another amount')));
  });

  test('PhonePe down: the payment stays pending, and the logs carry no secret', async () => {
    const { order } = await started();
    phonePe.down = true;
    assert.equal(await ctx.app.payments.refresh(order.id), 'pending');
    const { payment, events } = await paymentOf(order.id);
    assert.equal(payment.status, 'pending');
    assert.equal(events.length, 1);
    assert.ok(logLines.some((l) => l.includes('payment status could not be read')));
  });
});

describe('GET /payments/phonepe/return/{merchantOrderId}', () => {
  test('reads the status and redirects to the confirmation page', async () => {
    const { order, merchantOrderId } = await started();
    phonePe.status.set(merchantOrderId, { state: 'COMPLETED' });
    const res = await ctx.app.inject({ method: 'GET', url: `/payments/phonepe/return/${merchantOrderId}` });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, `${TEST_STOREFRONT_URL}/checkout/confirmation/${order.id}`);
    assert.deepEqual(recorder.calls, [{ orderId: order.id, status: 'completed', source: 'callback' }]);
    assert.equal(await orderPaymentStatus(ctx.database.db, order.id), 'completed');
  });

  test('still redirects when PhonePe cannot be read (the confirmation page polls)', async () => {
    const { order, merchantOrderId } = await started();
    phonePe.down = true;
    const res = await ctx.app.inject({ method: 'GET', url: `/payments/phonepe/return/${merchantOrderId}` });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, `${TEST_STOREFRONT_URL}/checkout/confirmation/${order.id}`);
    assert.equal(recorder.calls.length, 0);
  });

  test('an unknown payment, or a sandbox one, is a 404 page; a PhonePe payment has no sandbox page', async () => {
    const { merchantOrderId } = await started();
    const sandboxOrder = await insertOrder(ctx.database.db);
    const { paymentUrl } = await ctx.app.payments.start({
      id: sandboxOrder.id,
      orderNumber: sandboxOrder.orderNumber,
      gateway: 'sandbox',
      amountPaise: 129_900,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    });
    const sandboxId = paymentUrl.split('/').pop()!;
    for (const url of [
      '/payments/phonepe/return/VST-0000-unknown',
      `/payments/phonepe/return/${sandboxId}`,
      `/payments/sandbox/${merchantOrderId}`,
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 404, url);
      assert.ok(res.body.includes('<h1>Payment not found</h1>'));
    }
  });
});

describe('POST /payments/phonepe/webhook', () => {
  test('with the right Authorization applies once; a replay is stored once and applies nothing', async () => {
    const { order, merchantOrderId } = await started(2_49_900);
    // The status API confirms the webhook (a webhook is only applied as far as it does).
    phonePe.status.set(merchantOrderId, { state: 'COMPLETED', orderId: 'OMO2403282020198641071317' });
    const body = orderEvent('checkout.order.completed', merchantOrderId, 'COMPLETED', 2_49_900);
    const res = await webhook(body);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { success: true, message: 'Webhook received' });
    assert.deepEqual(recorder.calls, [{ orderId: order.id, status: 'completed', source: 'webhook' }]);

    const replay = await webhook(body);
    assert.equal(replay.statusCode, 200);
    assert.equal(recorder.calls.length, 1);
    assert.deepEqual(recorder.committed, [
      { orderId: order.id, status: 'completed', source: 'webhook', visible: 'completed' },
    ]);
    const { payment, events } = await paymentOf(order.id);
    assert.equal(payment.status, 'completed');
    assert.equal(payment.providerOrderId, 'OMO2403282020198641071317');
    assert.deepEqual(
      events.map((e) => [e.source, e.providerState, e.dedupeKey]),
      [
        ['create', 'PENDING', null],
        ['webhook', 'COMPLETED', `checkout.order.completed:${merchantOrderId}:COMPLETED`],
      ],
    );
    assert.deepEqual(events[1]!.payload, body);
  });

  test('checkout.order.failed fails the payment; a late failure after completion is stored and ignored', async () => {
    const failing = await started();
    phonePe.status.set(failing.merchantOrderId, { state: 'FAILED', errorCode: 'PAYMENT_ERROR' });
    const failed = await webhook(
      orderEvent('checkout.order.failed', failing.merchantOrderId, 'FAILED', 2_49_900, { errorCode: 'PAYMENT_ERROR' }),
    );
    assert.equal(failed.statusCode, 200);
    assert.deepEqual(recorder.calls, [{ orderId: failing.order.id, status: 'failed', source: 'webhook' }]);

    const paid = await started();
    phonePe.status.set(paid.merchantOrderId, { state: 'COMPLETED' });
    await webhook(orderEvent('checkout.order.completed', paid.merchantOrderId, 'COMPLETED', 2_49_900));
    const late = await webhook(orderEvent('checkout.order.failed', paid.merchantOrderId, 'FAILED', 2_49_900));
    assert.equal(late.statusCode, 200);
    assert.equal(recorder.calls.length, 2);
    const { payment, events } = await paymentOf(paid.order.id);
    assert.equal(payment.status, 'completed');
    assert.deepEqual(
      events.map((e) => [e.source, e.providerState]),
      [
        ['create', 'PENDING'],
        ['webhook', 'COMPLETED'],
        ['webhook', 'FAILED'],
      ],
    );
  });

  test('a wrong or missing Authorization is a 401 that stores and applies nothing', async () => {
    const { order, merchantOrderId } = await started();
    const body = orderEvent('checkout.order.completed', merchantOrderId, 'COMPLETED', 2_49_900);
    const wrong = [
      createHash('sha256').update(`${WEBHOOK_USERNAME}:wrong-password`).digest('hex'),
      `Basic ${Buffer.from(`${WEBHOOK_USERNAME}:${WEBHOOK_PASSWORD}`).toString('base64')}`,
      `${WEBHOOK_USERNAME}:${WEBHOOK_PASSWORD}`,
      '',
      null,
    ];
    for (const authorization of wrong) {
      const res = await webhook(body, authorization);
      assert.equal(res.statusCode, 401, String(authorization));
      assert.deepEqual(res.json(), { success: false, message: 'Webhook authorization failed' });
    }
    // Refused before the body is even read.
    assert.equal((await webhook({ nonsense: true }, 'nope')).statusCode, 401);
    const { payment, events } = await paymentOf(order.id);
    assert.equal(payment.status, 'pending');
    assert.equal(events.length, 1);
    assert.equal(recorder.calls.length, 0);
  });

  test('the digest is accepted in upper case too', async () => {
    const { order, merchantOrderId } = await started();
    phonePe.status.set(merchantOrderId, { state: 'COMPLETED' });
    const res = await webhook(
      orderEvent('checkout.order.completed', merchantOrderId, 'COMPLETED', 2_49_900),
      WEBHOOK_AUTH.toUpperCase(),
    );
    assert.equal(res.statusCode, 200);
    assert.deepEqual(recorder.calls, [{ orderId: order.id, status: 'completed', source: 'webhook' }]);
  });

  test('an order event about an unknown payment is a 404; a malformed body a 400', async () => {
    const unknown = await webhook(orderEvent('checkout.order.completed', 'VST-0000-unknown', 'COMPLETED', 100));
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().message, ORDER_MESSAGES.paymentNotFound);
    const malformed = await webhook({ event: 'checkout.order.completed', payload: { merchantOrderId: 'x' } });
    assert.equal(malformed.statusCode, 400);
    assert.equal(recorder.calls.length, 0);
  });

  test('a refund event is acknowledged and stored against its payment without changing it', async () => {
    const { order, merchantOrderId } = await started();
    const refund = {
      event: 'pg.refund.completed',
      payload: {
        merchantId: 'VASTRAUAT',
        merchantRefundId: 'R-1',
        originalMerchantOrderId: merchantOrderId,
        refundId: 'OMR1',
        amount: 2_49_900,
        state: 'COMPLETED',
      },
    };
    assert.equal((await webhook(refund)).statusCode, 200);
    const { payment, events } = await paymentOf(order.id);
    assert.equal(payment.status, 'pending');
    assert.deepEqual(
      events.map((e) => [e.source, e.providerState]),
      [
        ['create', 'PENDING'],
        ['webhook', 'COMPLETED'],
      ],
    );
    assert.equal(recorder.calls.length, 0);
  });
});

describe('the adapter on its own', () => {
  const options = (baseUrl: string) => ({
    baseUrl,
    authUrl: baseUrl,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    clientVersion: 1,
  });
  const input = {
    merchantOrderId: 'VST-1-abc',
    amountPaise: 100_00,
    orderNumber: 'VST-1',
    returnUrl: 'http://api.test/payments/phonepe/return/VST-1-abc',
    expiresAt: new Date(Date.now() + 30 * 60_000),
  };

  test('an unreachable PhonePe is a PaymentProviderError', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await assert.rejects(new PhonePeProvider(options(`http://127.0.0.1:${port}`)).createPayment(input), {
      name: 'PaymentProviderError',
      message: 'PhonePe unreachable',
    });
  });

  test('a PhonePe that does not answer in time is a PaymentProviderError', async () => {
    const silent = http.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    try {
      await assert.rejects(
        new PhonePeProvider({ ...options(`http://127.0.0.1:${port}`), timeoutMs: 50 }).fetchStatus('VST-1-abc'),
        (err) => err instanceof PaymentProviderError && err.message === 'PhonePe timed out',
      );
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  test('less than ₹1 is refused before calling PhonePe', async () => {
    const before = phonePe.pays.length;
    await assert.rejects(
      new PhonePeProvider(options(`${base}/pg`)).createPayment({ ...input, amountPaise: 99 }),
      PaymentProviderError,
    );
    assert.equal(phonePe.pays.length, before);
  });
});

describe('logs', () => {
  test('never carry the client secret, a token, the webhook password or its digest', () => {
    const logs = logLines.join('');
    assert.ok(logs.length > 0);
    assert.ok(logs.includes('payment could not be started'));
    for (const secret of [CLIENT_SECRET, WEBHOOK_PASSWORD, WEBHOOK_AUTH, WEBHOOK_AUTH.toUpperCase(), 'pp-token-']) {
      assert.ok(!logs.includes(secret), `logs contain ${secret.slice(0, 6)}…`);
    }
  });
});
