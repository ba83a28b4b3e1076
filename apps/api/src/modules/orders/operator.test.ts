/**
 * The store's side of an order with the operator token on the admin API (behaviour.md §10): every
 * step the lifecycle allows goes through and every other is refused with 409 and its message;
 * the shopper is mailed when the order is confirmed, shipped (with the tracking link) and
 * delivered; a token is required; each write lands in the audit log as the owner `operator`;
 * `/admin/api` is the only door (no `/ops` route is left); `npm run ops` drives the same API
 * over HTTP.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { ORDER_MESSAGES, transitionNotAllowed, type AuditEntry, type Order, type OrderStatus } from '@vastra/contracts';
import { bearer, register, type Account } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { loadOperatorToken } from '../../lib/operator-token';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

let ctx: TestContext;
let smtp: TestSmtpServer;
let products: TestProduct[];
let shopper: Account;
let token: string;

before(async () => {
  smtp = await startSmtpServer();
  // No OPERATOR_TOKEN: the API generates one into its DATA_DIR, where `npm run ops` finds it.
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url } });
  token = loadOperatorToken({ operatorToken: undefined, dataDir: ctx.dataDir });
  products = await pickProducts(ctx.database.db, 2, { minVariants: 2 });
  for (const p of products) for (const v of p.variants) await setStock(ctx.database.db, v.id, 50);
  shopper = await register(ctx.app, { name: 'Asha Rao' });
  await smtp.waitForMail(shopper.email); // the verification code
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

type Answer<T> = { status: number; body: { success: boolean; message?: string; data: T } };

/** An admin API call (`url` under /admin/api) with the operator token, or `auth` instead. */
async function admin<T = Order>(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  auth = `Bearer ${token}`,
): Promise<Answer<T>> {
  const res = await ctx.app.inject({
    method,
    url: `/admin/api${url}`,
    ...(payload ? { payload } : {}),
    headers: auth ? { authorization: auth } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

/** The order as the admin reads it. */
const read = (id: string) => admin<{ order: Order }>('GET', `/orders/${id}`);

/** A cash-on-delivery order: placed at once (its confirmation mail is taken off the queue). */
async function placedOrder(): Promise<Order> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/orders',
    headers: bearer(shopper.token),
    payload: {
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'cod',
      items: [{ productId: products[0]!.id, variantId: products[0]!.variants[0]!.id, quantity: 1 }],
    },
  });
  assert.equal(res.statusCode, 201, res.body);
  await smtp.waitForMail(shopper.email);
  return res.json().data.order;
}

const SHIPMENT = { courier: 'Delhivery', awb: 'DL123456789IN', trackingUrl: 'https://track.example/DL123456789IN' };
const step = (id: string, to: string, extra: object = {}) =>
  admin('POST', `/orders/${id}/steps`, { to, ...(to === 'shipped' ? SHIPMENT : {}), ...extra });

/** The store steps the lifecycle allows from each status the walk passes through. */
const ALLOWED: Partial<Record<OrderStatus, string[]>> = {
  placed: ['confirmed'],
  confirmed: ['packed'],
  packed: ['shipped'],
  shipped: ['out_for_delivery', 'delivered'],
  out_for_delivery: ['delivered'],
  delivered: [],
};
const STEPS = ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered'];

describe('store steps of an order with the operator token', () => {
  test('each allowed step goes through, every other is refused with 409 and its message; mails on confirm, ship, deliver', async () => {
    const order = await placedOrder();
    let status: OrderStatus = 'placed';
    for (const next of ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', null] as const) {
      for (const to of STEPS.filter((s) => !ALLOWED[status]!.includes(s))) {
        const refused = await step(order.id, to);
        assert.equal(refused.status, 409, `${status} → ${to}`);
        assert.equal(refused.body.message, transitionNotAllowed(status, to));
      }
      if (!next) break;
      const res = await step(order.id, next, { note: `step ${next}` });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.data.status, next);
      const event = res.body.data.timeline.at(-1)!;
      assert.deepEqual([event.status, event.actor, event.note], [next, 'operator', `step ${next}`]);
      status = next;
    }

    const confirmed = await smtp.waitForMail(shopper.email);
    assert.equal(confirmed.subject, `We are getting your Vastra order ${order.orderNumber} ready`);
    const shipped = await smtp.waitForMail(shopper.email);
    assert.equal(shipped.subject, `Your Vastra order ${order.orderNumber} has shipped`);
    const text = shipped.text ?? '';
    assert.match(text, /Courier: Delhivery/);
    assert.match(text, /AWB: DL123456789IN/);
    assert.match(text, /Courier tracking: https:\/\/track\.example\/DL123456789IN/);
    assert.match(text, new RegExp(`Track your order: http://shop\\.test/account/orders/${order.id}`));
    assert.match(shipped.html || '', new RegExp(`href="http://shop\\.test/account/orders/${order.id}"`));
    const delivered = await smtp.waitForMail(shopper.email);
    assert.equal(delivered.subject, `Your Vastra order ${order.orderNumber} was delivered`);

    const seen = await read(order.id);
    assert.equal(seen.status, 200);
    assert.equal(seen.body.data.order.status, 'delivered');
    assert.equal(seen.body.data.order.shipment?.awb, 'DL123456789IN');
    assert.ok(seen.body.data.order.shipment?.deliveredAt);
  });

  test('shipped may skip out for delivery; shipping needs a courier and an AWB', async () => {
    const order = await placedOrder();
    await step(order.id, 'confirmed');
    await step(order.id, 'packed');
    const bare = await admin('POST', `/orders/${order.id}/steps`, { to: 'shipped' });
    assert.equal(bare.status, 400);
    assert.equal((await step(order.id, 'shipped', { estimatedDelivery: '2026-12-01' })).status, 200);
    const delivered = await step(order.id, 'delivered');
    assert.equal(delivered.status, 200);
    assert.equal(delivered.body.data.shipment?.estimatedDelivery?.slice(0, 10), '2026-12-01');
    await smtp.waitForMail(shopper.email); // confirmed
    assert.match((await smtp.waitForMail(shopper.email)).text ?? '', /Expected delivery: 2026-12-01/);
    await smtp.waitForMail(shopper.email); // delivered
  });

  test('the store cancels with the shopper’s rules: not twice, not after shipping', async () => {
    const order = await placedOrder();
    const res = await admin('POST', `/orders/${order.id}/cancel`, { reason: 'Out of stock at the warehouse' });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, ORDER_MESSAGES.cancelled);
    assert.equal(res.body.data.timeline.at(-1)!.actor, 'operator');
    const mail = await smtp.waitForMail(shopper.email);
    assert.equal(mail.subject, `Your Vastra order ${order.orderNumber} is cancelled`);
    const again = await admin('POST', `/orders/${order.id}/cancel`, { reason: 'again' });
    assert.equal(again.status, 409);
    assert.equal(again.body.message, ORDER_MESSAGES.alreadyCancelled);
    const refused = await step(order.id, 'confirmed');
    assert.equal(refused.body.message, transitionNotAllowed('cancelled', 'confirmed'));
  });

  test('an unknown order is 404; no token or a wrong one is 401', async () => {
    assert.equal((await read(randomUUID())).status, 404);
    const order = await placedOrder();
    for (const auth of ['', 'Bearer wrong-token', `Basic ${token}`, shopper.token ? `Bearer ${shopper.token}` : '']) {
      const res = await admin('POST', `/orders/${order.id}/steps`, { to: 'confirmed' }, auth);
      assert.equal(res.status, 401, auth);
    }
    assert.equal((await read(order.id)).body.data.order.status, 'placed');
  });

  test('a write with the operator token lands in the audit log as the owner `operator`, before and after', async () => {
    const order = await placedOrder();
    assert.equal((await step(order.id, 'confirmed', { note: 'audited' })).status, 200);
    await smtp.waitForMail(shopper.email); // confirmed
    const log = await admin<{ rows: AuditEntry[]; total: number }>(
      'GET',
      `/audit?entity=order&entityId=${order.id}&action=order.step`,
    );
    assert.equal(log.status, 200, JSON.stringify(log.body));
    assert.equal(log.body.data.total, 1);
    const [entry] = log.body.data.rows;
    assert.deepEqual(entry!.actor, { id: null, email: 'operator', role: 'owner' });
    assert.deepEqual([(entry!.before as Order).status, (entry!.after as Order).status], ['placed', 'confirmed']);
  });

  test('the admin API is the only door: no /ops route, and each store step the operator token takes is on /admin/api', async () => {
    const paths = Object.keys((ctx.app.swagger() as { paths: Record<string, unknown> }).paths);
    assert.deepEqual(
      paths.filter((p) => p === '/ops' || p.startsWith('/ops/')),
      [],
    );
    for (const p of [
      '/admin/api/orders/{id}',
      '/admin/api/orders/{id}/steps',
      '/admin/api/orders/{id}/cancel',
      '/admin/api/orders/{id}/return/approve',
      '/admin/api/orders/{id}/return/reject',
      '/admin/api/orders/{id}/return/pickup',
      '/admin/api/orders/{id}/return/refund',
      '/admin/api/refunds/refresh',
    ]) {
      assert.ok(paths.includes(p), `documents ${p}`);
    }
    const order = await placedOrder();
    const gone = await ctx.app.inject({
      method: 'POST',
      url: `/ops/orders/${order.id}/transition`,
      headers: { authorization: `Bearer ${token}` },
      payload: { to: 'confirmed' },
    });
    assert.equal(gone.statusCode, 404);
    assert.equal((await read(order.id)).body.data.order.status, 'placed');
  });
});

describe('npm run ops', () => {
  let baseUrl: string;
  before(async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });

  /** Runs the CLI as `npm run ops` does (tsx src/ops.ts in apps/api), with the token from DATA_DIR. */
  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    const { OPERATOR_TOKEN: _ignored, ...env } = process.env;
    return new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', 'src/ops.ts', ...args],
        { cwd: API_DIR, env: { ...env, OPS_API_URL: baseUrl, DATA_DIR: ctx.dataDir } },
        (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
      );
    });
  }

  test('ships with courier and AWB, prints the order; a refused step exits 1 with the message', async () => {
    const order = await placedOrder();
    await step(order.id, 'confirmed');
    await step(order.id, 'packed');
    await smtp.waitForMail(shopper.email);

    const shipped = await cli(
      'ship',
      order.orderNumber,
      '--courier',
      'Blue Dart',
      '--awb',
      'BD998877',
      '--eta',
      '2026-12-03',
    );
    assert.equal(shipped.code, 0, shipped.stderr);
    assert.match(shipped.stdout, new RegExp(`${order.orderNumber}\\s+shipped`));
    assert.match(shipped.stdout, /Shipment: Blue Dart AWB BD998877, expected 2026-12-03/);
    assert.match(shipped.stdout, /shipped\s+by operator/);
    assert.equal((await read(order.id)).body.data.order.shipment?.courier, 'Blue Dart');

    const refused = await cli('pack', order.orderNumber);
    assert.equal(refused.code, 1);
    assert.equal(refused.stderr.trim(), transitionNotAllowed('shipped', 'packed'));

    const usage = await cli('ship', order.orderNumber);
    assert.equal(usage.code, 2);
    assert.match(usage.stderr, /ship needs --courier and --awb/);
  });
});
