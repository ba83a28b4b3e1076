/**
 * Shipment tracking through HTTP (GET /api/shipping/track/:orderId, behaviour.md §10 Tracking): the
 * builtin tracker after the operator ships the order (OrdersService.transition), and the
 * Shiprocket tracker against a local server answering Shiprocket's documented shapes (login
 * once and reuse the token, log in again on 401, events mapped, Shiprocket down → 503).
 * Owner-only, with a bearer token or the session cookie.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ORDER_MESSAGES, type Order, type Tracking } from '@vastra/contracts';
import { bearer, fromStorefront, register, type Account } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { advanceOrder } from '../../test/lifecycle';
import { BENGALURU_ADDRESS } from '../../test/orders';

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

/** Places a sandbox order and pays it, as orders.test.ts does. */
async function paidOrder(ctx: TestContext, account: Account, product: TestProduct): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(account.token),
    payload: {
      items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'sandbox',
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  const order: Order = res.json().data.order;
  const paid = await ctx.app.inject({
    method: 'POST',
    url: new URL(order.paymentUrl!).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=success',
  });
  assert.equal(paid.statusCode, 303, paid.body);
  return order;
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

/** A local Shiprocket: /auth/login and /courier/track/awb/:awb, counting calls. */
type FakeShiprocket = {
  server: Server;
  baseUrl: string;
  logins: number;
  trackCalls: string[];
  validTokens: Set<string>;
  down: boolean;
};

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
  });
}

async function startShiprocket(): Promise<FakeShiprocket> {
  const fake = { logins: 0, trackCalls: [], validTokens: new Set<string>(), down: false } as unknown as FakeShiprocket;
  fake.server = createServer(async (req, res) => {
    const json = (status: number, payload: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (fake.down) return json(502, { message: 'Bad gateway' });
    if (req.method === 'POST' && req.url === '/v1/external/auth/login') {
      const { email, password } = JSON.parse(await body(req));
      if (email !== 'api@vastra.test' || password !== 'sr-secret') return json(400, { message: 'Invalid credentials' });
      fake.logins += 1;
      const token = `token-${fake.logins}`;
      fake.validTokens.add(token);
      return json(200, { id: 1, email, token });
    }
    const match = /^\/v1\/external\/courier\/track\/awb\/(.+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && match) {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      fake.trackCalls.push(token);
      if (!fake.validTokens.has(token)) return json(401, { message: 'Token has expired', status_code: 401 });
      return json(200, {
        tracking_data: {
          track_status: 1,
          shipment_status: 18,
          shipment_track: [
            {
              id: 1,
              awb_code: match[1],
              current_status: 'IN TRANSIT',
              edd: '2026-11-26 18:00:00',
              courier_name: 'Delhivery Surface',
            },
          ],
          // Newest first, as Shiprocket sends them.
          shipment_track_activities: [
            {
              date: '2026-11-23 08:15:00',
              status: 'X-ILL',
              activity: 'Reached destination hub',
              location: 'Bengaluru_Hub (Karnataka)',
              'sr-status': '18',
              'sr-status-label': 'IN TRANSIT',
            },
            {
              date: '2026-11-22 13:43:00',
              status: 'X-PPOM',
              activity: 'Shipment picked up',
              location: 'Mumbai (Maharashtra)',
              'sr-status': '42',
              'sr-status-label': 'PICKED UP',
            },
          ],
          track_url: `https://shiprocket.co/tracking/${match[1]}`,
          etd: '2026-11-26 18:00:00',
        },
      });
    }
    return json(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1/external`;
  return fake;
}

describe('Shiprocket tracking', () => {
  let ctx: TestContext;
  let sr: FakeShiprocket;
  let products: TestProduct[];
  let shopper: Account;
  let stranger: Account;
  let shipped: Order;
  before(async () => {
    sr = await startShiprocket();
    ctx = await createTestApp({
      env: {
        SHIPPING_PROVIDER: 'shiprocket',
        SHIPROCKET_BASE_URL: sr.baseUrl,
        SHIPROCKET_EMAIL: 'api@vastra.test',
        SHIPROCKET_PASSWORD: 'sr-secret',
      },
    });
    ({ products, shopper, stranger } = await setUp(ctx));
    shipped = await paidOrder(ctx, shopper, products[0]!);
  });
  after(async () => {
    await ctx.close();
    await new Promise((resolve) => sr.server.close(resolve));
  });

  test('before the order ships Shiprocket is not asked: the order’s own timeline answers', async () => {
    const { status, body } = await track(ctx, shipped.id, bearer(shopper.token));
    assert.equal(status, 200);
    assert.equal(body.data.provider, 'builtin');
    assert.equal(sr.logins + sr.trackCalls.length, 0);
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
    const calls = sr.trackCalls.length;
    assert.equal((await track(ctx, shipped.id, fromStorefront(shopper.cookie))).status, 200);
    assert.equal((await track(ctx, shipped.id, bearer(shopper.token))).status, 200);
    assert.equal(sr.logins, 1);
    assert.deepEqual(sr.trackCalls.slice(calls), ['token-1', 'token-1']);
  });

  test('a 401 (token revoked) logs in again once and answers', async () => {
    sr.validTokens.clear();
    const { status, body } = await track(ctx, shipped.id, bearer(shopper.token));
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(sr.logins, 2);
    assert.deepEqual(sr.trackCalls.slice(-2), ['token-1', 'token-2']);
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
    const calls = sr.trackCalls.length;
    const res = await track(ctx, shipped.id, bearer(stranger.token));
    assert.equal(res.status, 404);
    assert.equal(sr.trackCalls.length, calls);
  });
});
