/**
 * The sandbox gateway through HTTP: the hosted page (amount, order number, strict CSP, no
 * script), the shopper's pick applied once in one transaction with the orders listener,
 * settled payments left alone, every event stored, expiry through fail(), and the cookie a
 * logged-in shopper's browser sends from the API's own page.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ORDER_MESSAGES } from '@vastra/contracts';
import { ServiceUnavailableError } from '../../lib/errors';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { eventsOf, orderPaymentStatus, paymentsOf, recordingListener } from '../../test/payments';
import { insertOrder, type TestOrder } from '../../test/orders';

let ctx: TestContext;
const recorder = recordingListener(() => ctx.database.db);

before(async () => {
  ctx = await createTestApp({ seed: false });
  ctx.app.events.on('payment.settled', 'test: record', recorder.listener);
});
after(() => ctx.close());
beforeEach(() => recorder.reset());

const inHalfAnHour = () => new Date(Date.now() + 30 * 60_000);

/** An order with a started sandbox payment; returns the order and the payment's merchantOrderId. */
async function startedOrder(
  payablePaise = 129_900,
): Promise<{ order: TestOrder; merchantOrderId: string; url: string }> {
  const order = await insertOrder(ctx.database.db, { payablePaise });
  const { paymentUrl } = await ctx.app.payments.start({
    id: order.id,
    orderNumber: order.orderNumber,
    gateway: 'sandbox',
    amountPaise: payablePaise,
    expiresAt: inHalfAnHour(),
  });
  const url = new URL(paymentUrl);
  return { order, merchantOrderId: decodeURIComponent(url.pathname.split('/').pop()!), url: url.pathname };
}

const pick = (url: string, outcome: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    payload: `outcome=${outcome}`,
  });

const confirmation = (orderId: string) => `${TEST_STOREFRONT_URL}/checkout/confirmation/${orderId}`;

describe('starting a sandbox payment', () => {
  test('gives the page on the API, records the payment pending and stores the create event', async () => {
    const { order, merchantOrderId, url } = await startedOrder();
    assert.equal(url, `/payments/sandbox/${merchantOrderId}`);
    assert.match(merchantOrderId, /^[A-Za-z0-9_-]{1,63}$/);
    assert.ok(merchantOrderId.startsWith(order.orderNumber));
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal(payment!.provider, 'sandbox');
    assert.equal(payment!.status, 'pending');
    assert.equal(payment!.providerState, 'PENDING');
    assert.equal(payment!.amountPaise, 129_900);
    assert.equal(payment!.redirectUrl, `http://api.test/payments/sandbox/${merchantOrderId}`);
    const events = await eventsOf(ctx.database.db, payment!.id);
    assert.deepEqual(
      events.map((e) => [e.source, e.providerState]),
      [['create', 'PENDING']],
    );
    assert.equal(recorder.calls.length, 0);
  });

  test('a gateway that is not configured here is refused with the clear message', async () => {
    const order = await insertOrder(ctx.database.db, { gateway: 'phonepe' });
    await assert.rejects(
      ctx.app.payments.start({
        id: order.id,
        orderNumber: order.orderNumber,
        gateway: 'phonepe',
        amountPaise: 129_900,
        expiresAt: inHalfAnHour(),
      }),
      (err) => err instanceof ServiceUnavailableError && err.message === ORDER_MESSAGES.gatewayUnavailable,
    );
    assert.deepEqual(await paymentsOf(ctx.database.db, order.id), []);
  });
});

describe('GET /payments/sandbox/{merchantOrderId}', () => {
  test('renders the order number, the amount in ₹ with Indian grouping and the three choices', async () => {
    const { order, url } = await startedOrder(1_23_45_650);
    const res = await ctx.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/html; charset=utf-8/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const body = res.body;
    assert.ok(body.includes('Vastra (sandbox)'));
    assert.ok(body.includes(order.orderNumber));
    assert.ok(body.includes('₹ 1,23,456.50'));
    assert.match(body, /no money moves/i);
    for (const [value, label] of [
      ['success', 'Success'],
      ['failure', 'Failure'],
      ['pending', 'Pending'],
    ]) {
      assert.match(body, new RegExp(`<button type="submit" name="outcome" value="${value}"[^>]*>${label}</button>`));
    }
    assert.match(body, /<form method="post">/);
    assert.match(body, /<legend>[^<]+<\/legend>/);
    assert.doesNotMatch(body, /<script|\bsrc=|<link/);
  });

  test('is served with a strict Content-Security-Policy that allows exactly its own stylesheet', async () => {
    const { url } = await startedOrder();
    const res = await ctx.app.inject({ method: 'GET', url });
    const policy = String(res.headers['content-security-policy']);
    const style = /<style>([\s\S]*?)<\/style>/.exec(res.body)![1]!;
    const hash = createHash('sha256').update(style).digest('base64');
    assert.equal(
      policy,
      `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self' ${TEST_STOREFRONT_URL}; frame-ancestors 'none'; base-uri 'none'`,
    );
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    // The form's POST carries the API's own origin (allowed with a session cookie), never `null`.
    assert.equal(res.headers['referrer-policy'], 'same-origin');
  });

  test('an unknown payment is a 404 page', async () => {
    for (const id of ['VST-0000-doesnotexist', 'not a valid id <script>']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/payments/sandbox/${encodeURIComponent(id)}` });
      assert.equal(res.statusCode, 404);
      assert.match(String(res.headers['content-type']), /^text\/html/);
      assert.ok(res.body.includes('<h1>Payment not found</h1>'));
      assert.ok(res.body.includes(`href="${TEST_STOREFRONT_URL}"`));
      assert.ok(!res.body.includes('<script>'));
    }
    const post = await pick('/payments/sandbox/VST-0000-doesnotexist', 'success');
    assert.equal(post.statusCode, 404);
    assert.ok(post.body.includes('<h1>Payment not found</h1>'));
  });
});

describe('POST /payments/sandbox/{merchantOrderId}', () => {
  test('Success completes the payment once, tells the listener in the same transaction and redirects 303', async () => {
    const { order, url } = await startedOrder();
    const res = await pick(url, 'success');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, confirmation(order.id));
    assert.deepEqual(recorder.calls, [{ orderId: order.id, status: 'completed', source: 'sandbox' }]);
    assert.equal(await orderPaymentStatus(ctx.database.db, order.id), 'completed');
    // The listener's after-commit work ran once, and saw its change committed.
    assert.deepEqual(recorder.committed, [
      { orderId: order.id, status: 'completed', source: 'sandbox', visible: 'completed' },
    ]);
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal(payment!.status, 'completed');
    assert.equal(payment!.providerState, 'SUCCESS');
    assert.equal(await ctx.app.payments.refresh(order.id), 'completed');
    assert.equal(recorder.calls.length, 1);
  });

  test('Failure fails the payment', async () => {
    const { order, url } = await startedOrder();
    const res = await pick(url, 'failure');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, confirmation(order.id));
    assert.deepEqual(recorder.calls, [{ orderId: order.id, status: 'failed', source: 'sandbox' }]);
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal(payment!.status, 'failed');
    assert.equal(payment!.providerState, 'FAILED');
  });

  test('Pending keeps the payment pending without telling the listener; a later Success still completes it', async () => {
    const { order, url } = await startedOrder();
    const res = await pick(url, 'pending');
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, confirmation(order.id));
    assert.deepEqual(recorder.calls, []);
    assert.equal(await ctx.app.payments.refresh(order.id), 'pending');
    const page = await ctx.app.inject({ method: 'GET', url });
    assert.ok(page.body.includes('>Success</button>'));

    assert.equal((await pick(url, 'success')).statusCode, 303);
    assert.deepEqual(recorder.calls, [{ orderId: order.id, status: 'completed', source: 'sandbox' }]);
  });

  test('a second pick after the payment settled changes nothing, and the page then shows the outcome and a link back', async () => {
    const { order, url } = await startedOrder();
    await pick(url, 'success');
    const again = await pick(url, 'failure');
    assert.equal(again.statusCode, 303);
    assert.equal(again.headers.location, confirmation(order.id));
    assert.equal(recorder.calls.length, 1);
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal(payment!.status, 'completed');
    assert.equal(payment!.providerState, 'SUCCESS');
    assert.equal(await orderPaymentStatus(ctx.database.db, order.id), 'completed');

    const page = await ctx.app.inject({ method: 'GET', url });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('<h1>Payment successful</h1>'));
    assert.ok(page.body.includes(`<a href="${confirmation(order.id)}">Back to your order</a>`));
    assert.ok(!page.body.includes('<button'));
  });

  test('every event is stored, in order, whether it changed the payment or not', async () => {
    const { order, url } = await startedOrder();
    await pick(url, 'pending');
    await pick(url, 'success');
    await pick(url, 'failure');
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    const events = await eventsOf(ctx.database.db, payment!.id);
    assert.deepEqual(
      events.map((e) => [e.source, e.providerState, e.payload]),
      [
        ['create', 'PENDING', { redirectUrl: `http://api.test${url}` }],
        ['sandbox', 'PENDING', { outcome: 'pending' }],
        ['sandbox', 'SUCCESS', { outcome: 'success' }],
        ['sandbox', 'FAILED', { outcome: 'failure' }],
      ],
    );
  });

  test('an outcome that is not offered is refused and stores nothing', async () => {
    const { order, url } = await startedOrder();
    const res = await pick(url, 'refund');
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().success, false);
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal((await eventsOf(ctx.database.db, payment!.id)).length, 1);
  });

  test('a listener that fails rolls the change and its event back; the next pick applies', async () => {
    const { order, url } = await startedOrder();
    recorder.failFor.add(order.id);
    ctx.expectServerErrors(/^error: unhandled error: listener failed on purpose$/, /^500 POST \/payments\/sandbox\//);
    const res = await pick(url, 'success');
    assert.equal(res.statusCode, 500);
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal(payment!.status, 'pending');
    assert.equal(await orderPaymentStatus(ctx.database.db, order.id), 'pending');
    assert.equal((await eventsOf(ctx.database.db, payment!.id)).length, 1);

    recorder.failFor.clear();
    assert.equal((await pick(url, 'success')).statusCode, 303);
    assert.deepEqual(recorder.calls, [{ orderId: order.id, status: 'completed', source: 'sandbox' }]);
  });

  test('work after the commit that fails is logged; the change stands and the shopper is redirected', async () => {
    const { order, url } = await startedOrder();
    recorder.failAfterCommitFor.add(order.id);
    ctx.expectServerErrors(/^error: work after a payment status change failed: after-commit work failed on purpose$/);
    const res = await pick(url, 'success');
    assert.equal(res.statusCode, 303);
    assert.equal(recorder.calls.length, 1);
    assert.deepEqual(recorder.committed, []);
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal(payment!.status, 'completed');
    assert.equal(await orderPaymentStatus(ctx.database.db, order.id), 'completed');
  });

  test("a logged-in shopper's browser posts from the API's own origin with its cookie; another origin is refused", async () => {
    const { order, url } = await startedOrder();
    const foreign = await pick(url, 'success', { cookie: 'auth_token=abc', origin: 'http://evil.test' });
    assert.equal(foreign.statusCode, 403);
    const own = await pick(url, 'success', { cookie: 'auth_token=abc', origin: 'http://api.test' });
    assert.equal(own.statusCode, 303);
    assert.equal(own.headers.location, confirmation(order.id));
  });
});

describe('fail() (expiry and compensation)', () => {
  test('fails a pending payment once without calling the listener back; money taken later completes it and tells the listener', async () => {
    const { order, url } = await startedOrder();
    const db = ctx.database.db;
    await ctx.app.payments.fail(db, order.id, 'expired');
    assert.equal(await ctx.app.payments.refresh(order.id), 'failed');
    // A second call finds nothing pending and records nothing.
    await ctx.app.payments.fail(db, order.id, 'expired');

    assert.deepEqual(recorder.calls, []);
    assert.equal((await pick(url, 'success')).statusCode, 303);
    assert.deepEqual(recorder.calls, [{ orderId: order.id, status: 'completed', source: 'sandbox' }]);
    const [payment] = await paymentsOf(db, order.id);
    assert.equal(payment!.status, 'completed');
    const events = await eventsOf(db, payment!.id);
    assert.deepEqual(
      events.map((e) => [e.source, e.payload]),
      [
        ['create', { redirectUrl: `http://api.test${url}` }],
        ['system', { reason: 'expired' }],
        ['sandbox', { outcome: 'success' }],
      ],
    );
    const page = await ctx.app.inject({ method: 'GET', url });
    assert.ok(page.body.includes('<h1>Payment successful</h1>'));
  });

  test('runs inside the caller’s transaction: a rollback there undoes it', async () => {
    const { order } = await startedOrder();
    const db = ctx.database.db;
    await assert.rejects(
      db.transaction(async (tx) => {
        await ctx.app.payments.fail(tx, order.id, 'compensation');
        assert.equal((await paymentsOf(tx, order.id))[0]!.status, 'failed');
        throw new Error('the order step failed after');
      }),
      /the order step failed after/,
    );
    const [payment] = await paymentsOf(db, order.id);
    assert.equal(payment!.status, 'pending');
    assert.deepEqual(
      (await eventsOf(db, payment!.id)).map((e) => e.source),
      ['create'],
    );
  });

  test('leaves a completed payment alone', async () => {
    const { order, url } = await startedOrder();
    await pick(url, 'success');
    await ctx.app.payments.fail(ctx.database.db, order.id, 'expired');
    const [payment] = await paymentsOf(ctx.database.db, order.id);
    assert.equal(payment!.status, 'completed');
    assert.deepEqual(
      (await eventsOf(ctx.database.db, payment!.id)).map((e) => e.source),
      ['create', 'sandbox'],
    );
    assert.equal(recorder.calls.length, 1);
  });

  test('refresh() of an order without a payment is a 404', async () => {
    const order = await insertOrder(ctx.database.db, { gateway: 'cod' });
    await assert.rejects(ctx.app.payments.refresh(order.id), {
      statusCode: 404,
      message: ORDER_MESSAGES.paymentNotFound,
    });
  });
});
