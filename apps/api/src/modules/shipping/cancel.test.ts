/**
 * A booked order cancelled cancels its Shiprocket order (behaviour.md "Shipping operations:
 * booking"), through HTTP against the Shiprocket stand-in (test/shiprocket-server.ts): the
 * shopper's cancellation sends one POST /orders/cancel with Shiprocket's order id and the
 * shipment ends `cancelled` (never booked again); Shiprocket down keeps the reason and the job's
 * retry cancels it with one successful call; an order created at Shiprocket whose AWB failed is
 * cancelled too; an order never booked, or shipped (too late to cancel), sends nothing; two jobs
 * at once call Shiprocket once, and a job run again calls it no more. With the built-in provider
 * the shipment is only marked cancelled.
 *
 * @postgres: the cancellation's claim races on a server database, its retries run in pg-boss.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import {
  ORDER_MESSAGES,
  SHIPMENT_MESSAGES,
  type AdminShipment,
  type Order,
  type ShipmentResult,
} from '@vastra/contracts';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, placePaidOrder, type Piece } from '../../test/returns';
import type { FakeShiprocket } from '../../test/shiprocket-server';
import { closeShippingStore, shippingStore, type ShippingStore } from '../../test/shipping';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import { SHIPMENT_CANCEL_JOB, SHIPMENT_CANCEL_SWEEP_JOB } from './jobs';

const FAST_JOBS = { JOBS_RETRY_DELAY_MS: '1000', JOBS_POLL_MS: '500' };

let ctx: TestContext;
let sr: FakeShiprocket;
let team: Record<'owner' | 'staff' | 'support', StaffLogin>;
let shopper: Account;
let pieces: Piece[];

let store: ShippingStore;
before(async () => {
  store = await shippingStore(1, FAST_JOBS);
  ({ ctx, sr, team, shopper, pieces } = store);
});
after(() => closeShippingStore(store));

const place = () => placePaidOrder(ctx, shopper, { items: [{ ...pieces[0]!, quantity: 1 }] });

async function shipmentAction(path: string, ids: string[]): Promise<ShipmentResult[]> {
  const res = await asStaff(ctx.app, team.owner, 'POST', `/admin/api/shipments/${path}`, { ids });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.results;
}

/** Books the order at Shiprocket; its shipment. */
async function booked(order: Order): Promise<AdminShipment> {
  const [result] = await shipmentAction('book', [order.id]);
  assert.equal(result!.ok, true, result!.message ?? '');
  return (await shipmentOf(order.id))!;
}

async function shipmentOf(id: string): Promise<AdminShipment | null> {
  const res = await asStaff(ctx.app, team.staff, 'GET', `/admin/api/orders/${id}/shipment`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

async function shopperCancels(order: Order): Promise<{ statusCode: number; message: string }> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/orders/${order.id}/cancel`,
    headers: bearer(shopper.token),
    payload: { reason: 'Ordered the wrong size' },
  });
  return { statusCode: res.statusCode, message: res.json().message };
}

/** The cancel calls Shiprocket got for its order `providerOrderId`. */
const cancelCalls = (providerOrderId: string | null) =>
  sr
    .calls('/orders/cancel')
    .filter((c) => JSON.stringify(c.body) === JSON.stringify({ ids: [Number(providerOrderId)] }));

describe('cancelling a booked order cancels its Shiprocket order', () => {
  test('the shopper cancels a packed order: one cancel of its Shiprocket order, the shipment cancelled', async () => {
    const order = await place();
    const shipment = await booked(order);
    assert.equal(shipment.status, 'booked');

    assert.equal((await shopperCancels(order)).statusCode, 200);
    await ctx.app.jobs.idle();
    const calls = cancelCalls(shipment.providerOrderId);
    assert.equal(calls.length, 1);
    assert.match(calls[0]!.authorization!, /^Bearer token-\d+$/);
    assert.ok(sr.cancelledOrders.has(Number(shipment.providerOrderId)));
    const after = (await shipmentOf(order.id))!;
    assert.deepEqual([after.status, after.lastError, after.awb], ['cancelled', null, shipment.awb]);

    // The job run again (a replay, another instance) sends nothing more; the order is never booked again.
    await ctx.app.jobs.send(SHIPMENT_CANCEL_JOB, { orderId: order.id });
    await ctx.app.jobs.idle();
    assert.equal(cancelCalls(shipment.providerOrderId).length, 1);
    const [again] = await shipmentAction('book', [order.id]);
    assert.deepEqual([again!.ok, again!.message], [false, SHIPMENT_MESSAGES.notBookable]);
    assert.equal((await shipmentOf(order.id))!.status, 'cancelled');
  });

  test('Shiprocket down: the shipment keeps the reason, and the retry cancels it with one call', async () => {
    const order = await place();
    const shipment = await booked(order);
    sr.down = true;
    assert.equal((await shopperCancels(order)).statusCode, 200);
    let failing: AdminShipment | null = null;
    while (!failing?.lastError) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      failing = await shipmentOf(order.id);
    }
    assert.deepEqual([failing.status, failing.lastError], ['cancelling', SHIPMENT_MESSAGES.cancelRetrying]);
    assert.equal(cancelCalls(shipment.providerOrderId).length, 0);

    sr.down = false;
    await ctx.app.jobs.idle();
    assert.equal(cancelCalls(shipment.providerOrderId).length, 1);
    const after = (await shipmentOf(order.id))!;
    assert.deepEqual([after.status, after.lastError], ['cancelled', null]);
  });

  test('a Shiprocket order whose AWB failed is cancelled with the order too', async () => {
    const order = await place();
    sr.failNext.add('/courier/assign/awb');
    ctx.expectServerErrors(/shipment booking failed/);
    const [result] = await shipmentAction('book', [order.id]);
    assert.equal(result!.ok, false);
    const failed = (await shipmentOf(order.id))!;
    assert.equal(failed.status, 'failed');
    assert.ok(failed.providerOrderId);

    const res = await asStaff(ctx.app, team.owner, 'POST', `/admin/api/orders/${order.id}/cancel`, {
      reason: 'Out of stock',
    });
    assert.equal(res.statusCode, 200, res.body);
    await ctx.app.jobs.idle();
    assert.equal(cancelCalls(failed.providerOrderId).length, 1);
    assert.equal((await shipmentOf(order.id))!.status, 'cancelled');
  });

  test('two cancellation jobs at once call Shiprocket once', async () => {
    const order = await place();
    const shipment = await booked(order);
    sr.cancelDelayMs = 300;
    try {
      const res = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/orders/${order.id}/cancel`, {
        reason: 'Out of stock',
      });
      assert.equal(res.statusCode, 200, res.body);
      await Promise.all([
        ctx.app.jobs.send(SHIPMENT_CANCEL_JOB, { orderId: order.id }),
        ctx.app.jobs.send(SHIPMENT_CANCEL_JOB, { orderId: order.id }),
      ]);
      await ctx.app.jobs.idle();
    } finally {
      sr.cancelDelayMs = 0;
    }
    assert.equal(cancelCalls(shipment.providerOrderId).length, 1);
    assert.equal((await shipmentOf(order.id))!.status, 'cancelled');
  });
});

describe('nothing to cancel at Shiprocket', () => {
  test('an order never booked is cancelled without a call', async () => {
    const order = await place();
    const before = sr.calls('/orders/cancel').length;
    assert.equal((await shopperCancels(order)).statusCode, 200);
    await ctx.app.jobs.idle();
    assert.equal(sr.calls('/orders/cancel').length, before);
    assert.equal(await shipmentOf(order.id), null);
  });

  test('a shipped order cannot be cancelled, and its Shiprocket order stays', async () => {
    const order = await place();
    const shipment = await booked(order);
    const [shipped] = await shipmentAction('ship', [order.id]);
    assert.equal(shipped!.ok, true, shipped!.message ?? '');

    const refused = await shopperCancels(order);
    assert.deepEqual([refused.statusCode, refused.message], [409, ORDER_MESSAGES.cancelTooLate]);
    await ctx.app.jobs.send(SHIPMENT_CANCEL_JOB, { orderId: order.id });
    await ctx.app.jobs.idle();
    assert.equal(cancelCalls(shipment.providerOrderId).length, 0);
    assert.equal((await shipmentOf(order.id))!.status, 'shipped');
  });

  test('the sweep cancels a Shiprocket order whose cancellation job was lost, once', async () => {
    const order = await place();
    const shipment = await booked(order);
    // Cancelled by an instance that died before queuing its job: no event, no job.
    await ctx.database.db.execute(sql`UPDATE orders SET status = 'cancelled' WHERE id = ${order.id}`);
    assert.equal(cancelCalls(shipment.providerOrderId).length, 0);

    for (let run = 0; run < 2; run += 1) {
      await ctx.app.jobs.send(SHIPMENT_CANCEL_SWEEP_JOB, {});
      await ctx.app.jobs.idle();
    }
    assert.equal(cancelCalls(shipment.providerOrderId).length, 1);
    assert.equal((await shipmentOf(order.id))!.status, 'cancelled');
  });
});

describe('the built-in booking provider', () => {
  let dev: TestContext;
  let devShopper: Account;
  let devTeam: Record<'owner' | 'staff' | 'support', StaffLogin>;
  before(async () => {
    dev = await createTestApp({ env: { ...MANY_ORDERS_ENV, SHIPMENT_BOOKING: 'builtin' } });
    devTeam = await staffTeam(dev);
    devShopper = await register(dev.app, { name: 'Ravi Kumar' });
  });
  after(() => dev.close());

  test('a booked order cancelled only marks its shipment cancelled', async () => {
    const [piece] = await piecesOf(dev, 1, { blocked: false, pricePaise: 99_900 });
    const order = await placePaidOrder(dev, devShopper, { items: [{ ...piece!, quantity: 1 }] });
    const book = await asStaff(dev.app, devTeam.owner, 'POST', '/admin/api/shipments/book', { ids: [order.id] });
    assert.equal(book.json().data.results[0].ok, true, book.body);
    const cancel = await asStaff(dev.app, devTeam.owner, 'POST', `/admin/api/orders/${order.id}/cancel`, {
      reason: 'Out of stock',
    });
    assert.equal(cancel.statusCode, 200, cancel.body);
    await dev.app.jobs.idle();
    const res = await asStaff(dev.app, devTeam.staff, 'GET', `/admin/api/orders/${order.id}/shipment`);
    const shipment = res.json().data as AdminShipment;
    assert.deepEqual([shipment.provider, shipment.status, shipment.lastError], ['builtin', 'cancelled', null]);
    assert.match(shipment.awb!, /^DEV\d{10}$/);
  });
});
