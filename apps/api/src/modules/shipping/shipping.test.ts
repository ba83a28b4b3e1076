/**
 * Shipment tracking through HTTP (GET /api/shipping/track/:orderId, behaviour.md §10 Tracking): the
 * builtin tracker after the operator ships the order (OrdersService.transition), and the
 * Shiprocket tracker against a local server answering Shiprocket's documented shapes (login
 * once and reuse the token, log in again on 401, events mapped, Shiprocket down → 503).
 * Owner-only, with a bearer token or the session cookie.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ORDER_MESSAGES, type Order, type Tracking } from '@vastra/contracts';
import { bearer, fromStorefront, register, type Account } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { advanceOrder } from '../../test/lifecycle';
import { placePaidOrder } from '../../test/returns';
import { FakeShiprocket, shiprocketEnv } from '../../test/shiprocket-server';

const ETA = new Date('2026-11-28T00:00:00.000Z');

async function setUp(ctx: TestContext): Promise<{ products: TestProduct[]; shopper: Account; stranger: Account }> {
  const products = await pickProducts(ctx.database.db, 1, { minVariants: 1 });
  await setStock(ctx.database.db, products[0]!.variants[0]!.id, 50);
  return {
    products,
    shopper: await register(ctx.app, { name: 'Asha Rao' }),
    stranger: await register(ctx.app, { name: 'Ravi Kumar' }),
  };
}

/** Places a sandbox order of one piece of `product` and pays it. */
function paidOrder(ctx: TestContext, account: Account, product: TestProduct): Promise<Order> {
  return placePaidOrder(ctx, account, {
    items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
  });
}

const ship = (ctx: TestContext, orderId: string, awb: string) =>
  advanceOrder(ctx.database.db, orderId, ['confirmed', 'packed', 'shipped'], {
    courier: 'Blue Dart',
    awb,
    trackingUrl: `https://couriers.test/track/${awb}`,
    estimatedDeliveryAt: ETA,
  });

async function track(ctx: TestContext, orderId: string, headers: Record<string, string>) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/shipping/track/${orderId}`, headers });
  return { status: res.statusCode, body: res.json() as { message?: string; data: Tracking } };
}

describe('builtin tracking (the order’s own timeline)', () => {
  let ctx: TestContext;
  let products: TestProduct[];
  let shopper: Account;
  let stranger: Account;
  before(async () => {
    ctx = await createTestApp();
    ({ products, shopper, stranger } = await setUp(ctx));
  });
  after(() => ctx.close());

  test('after the operator ships: courier, AWB, expected delivery and the events so far', async () => {
    const order = await paidOrder(ctx, shopper, products[0]!);
    const before = await track(ctx, order.id, bearer(shopper.token));
    assert.equal(before.status, 200);
    assert.equal(before.body.data.awb, null);
    assert.equal(before.body.data.currentStatus, 'Placed');

    await ship(ctx, order.id, 'BD100200300');
    const { status, body } = await track(ctx, order.id, bearer(shopper.token));
    assert.equal(status, 200);
    const t = body.data;
    assert.equal(t.provider, 'builtin');
    assert.equal(t.orderNumber, order.orderNumber);
    assert.equal(t.courier, 'Blue Dart');
    assert.equal(t.awb, 'BD100200300');
    assert.equal(t.trackingUrl, 'https://couriers.test/track/BD100200300');
    assert.equal(t.estimatedDelivery, ETA.toISOString());
    assert.equal(t.orderStatus, 'shipped');
    assert.equal(t.currentStatus, 'Shipped');
    const statuses = t.events.map((e) => e.status);
    assert.deepEqual(statuses.slice(-3), ['Confirmed', 'Packed', 'Shipped']);
  });

  test('the session cookie works too; someone else’s or a malformed id is 404; no session is 401', async () => {
    const order = await paidOrder(ctx, shopper, products[0]!);
    assert.equal((await track(ctx, order.id, fromStorefront(shopper.cookie))).status, 200);
    for (const id of [order.id, 'nope']) {
      const res = await track(ctx, id, bearer(stranger.token));
      assert.equal(res.status, 404);
      assert.equal(res.body.message, ORDER_MESSAGES.notFound);
    }
    assert.equal((await track(ctx, order.id, {})).status, 401);
  });
});

/** The tokens the tracking calls carried, oldest first. */
const trackTokens = (sr: FakeShiprocket) =>
  sr.requests
    .filter((r) => r.path.startsWith('/courier/track/awb/'))
    .map((r) => (r.authorization ?? '').replace(/^Bearer /, ''));

describe('Shiprocket tracking', () => {
  let ctx: TestContext;
  let sr: FakeShiprocket;
  let products: TestProduct[];
  let shopper: Account;
  let stranger: Account;
  let shipped: Order;
  before(async () => {
    sr = new FakeShiprocket();
    ctx = await createTestApp({ env: shiprocketEnv(await sr.listen(), { tracking: true }) });
    ({ products, shopper, stranger } = await setUp(ctx));
    shipped = await paidOrder(ctx, shopper, products[0]!);
  });
  after(async () => {
    await ctx.close();
    await sr.close();
  });

  test('before the order ships Shiprocket is not asked: the order’s own timeline answers', async () => {
    const { status, body } = await track(ctx, shipped.id, bearer(shopper.token));
    assert.equal(status, 200);
    assert.equal(body.data.provider, 'builtin');
    assert.equal(sr.logins + sr.requests.length, 0);
  });

  test('once shipped: Shiprocket’s events oldest first with places, courier, status and expected delivery', async () => {
    await ship(ctx, shipped.id, 'SR998877');
    const { status, body } = await track(ctx, shipped.id, bearer(shopper.token));
    assert.equal(status, 200, JSON.stringify(body));
    const t = body.data;
    assert.equal(t.provider, 'shiprocket');
    assert.equal(t.awb, 'SR998877');
    assert.equal(t.courier, 'Delhivery Surface');
    assert.equal(t.currentStatus, 'In transit');
    assert.equal(t.orderStatus, 'shipped');
    assert.equal(t.estimatedDelivery, '2026-11-26T12:30:00.000Z');
    assert.equal(t.trackingUrl, 'https://shiprocket.co/tracking/SR998877');
    assert.deepEqual(t.events, [
      { at: '2026-11-22T08:13:00.000Z', status: 'PICKED UP: Shipment picked up', location: 'Mumbai (Maharashtra)' },
      {
        at: '2026-11-23T02:45:00.000Z',
        status: 'IN TRANSIT: Reached destination hub',
        location: 'Bengaluru_Hub (Karnataka)',
      },
    ]);
    assert.equal(sr.logins, 1);
  });

  test('the token is reused: one login for many requests, cookie or bearer', async () => {
    const calls = trackTokens(sr).length;
    assert.equal((await track(ctx, shipped.id, fromStorefront(shopper.cookie))).status, 200);
    assert.equal((await track(ctx, shipped.id, bearer(shopper.token))).status, 200);
    assert.equal(sr.logins, 1);
    assert.deepEqual(trackTokens(sr).slice(calls), ['token-1', 'token-1']);
  });

  test('a 401 (token revoked) logs in again once and answers', async () => {
    sr.validTokens.clear();
    const { status, body } = await track(ctx, shipped.id, bearer(shopper.token));
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(sr.logins, 2);
    assert.deepEqual(trackTokens(sr).slice(-2), ['token-1', 'token-2']);
  });

  test('Shiprocket down: 503 trackingUnavailable', async () => {
    ctx.expectServerErrors(/^503 GET \/api\/shipping\/track\//);
    sr.down = true;
    try {
      const { status, body } = await track(ctx, shipped.id, bearer(shopper.token));
      assert.equal(status, 503);
      assert.equal(body.message, ORDER_MESSAGES.trackingUnavailable);
    } finally {
      sr.down = false;
    }
  });

  test('someone else’s order is 404 without asking Shiprocket', async () => {
    const calls = trackTokens(sr).length;
    const res = await track(ctx, shipped.id, bearer(stranger.token));
    assert.equal(res.status, 404);
    assert.equal(trackTokens(sr).length, calls);
  });
});
