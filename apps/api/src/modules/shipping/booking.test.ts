/**
 * Booking shipments from the admin through HTTP against the Shiprocket stand-in
 * (test/shiprocket-server.ts; behaviour.md "Shipping operations: booking"): one order and ten
 * booked (placed → packed with courier, AWB and tracking link), what Shiprocket is sent, the
 * cheapest courier or the owner's preferred one, an unserviceable pincode failing only its order,
 * a Shiprocket 5xx leaving the order as it was (and a retry booking it without a second
 * Shiprocket order), two bookings at once booking once, the labels and manifest PDFs for owner
 * and staff only, the pickup, and the parcels marked shipped with the shopper's tracking showing
 * the AWB.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  SHIPMENT_MESSAGES,
  type AdminShipment,
  type Order,
  type ShipmentDocument,
  type ShipmentResult,
  type StoreSettingsView,
} from '@vastra/contracts';
import { bearer, type Account } from '../../test/accounts';
import type { TestContext } from '../../test/harness';
import { placePaidOrder, type Piece } from '../../test/returns';
import { SHIPROCKET_PICKUP_LOCATION, type FakeShiprocket } from '../../test/shiprocket-server';
import { closeShippingStore, shippingStore, type ShippingStore } from '../../test/shipping';
import { asStaff, type StaffLogin } from '../../test/staff';

const PORT_BLAIR = {
  firstName: 'Meera',
  lastName: 'Nair',
  street: '3 Aberdeen Bazaar',
  city: 'Port Blair',
  state: 'Andaman and Nicobar Islands',
  postalCode: '744101',
  country: 'India' as const,
  phone: '9876543211',
};

let ctx: TestContext;
let sr: FakeShiprocket;
let team: Record<'owner' | 'staff' | 'support', StaffLogin>;
let shopper: Account;
let pieces: Piece[];

let store: ShippingStore;
before(async () => {
  store = await shippingStore(2);
  ({ ctx, sr, team, shopper, pieces } = store);
});
after(() => closeShippingStore(store));

const place = (body: Record<string, unknown> = {}) =>
  placePaidOrder(ctx, shopper, { items: [{ ...pieces[0]!, quantity: 1 }], ...body });

async function post<T>(path: string, ids: string[], who: StaffLogin = team.owner): Promise<T> {
  const res = await asStaff(ctx.app, who, 'POST', `/admin/api/shipments/${path}`, { ids });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as T;
}
const book = async (ids: string[]) => (await post<{ results: ShipmentResult[] }>('book', ids)).results;

async function adminOrder(id: string): Promise<Order> {
  const res = await asStaff(ctx.app, team.owner, 'GET', `/admin/api/orders/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.order;
}

async function shipmentOf(id: string): Promise<AdminShipment | null> {
  const res = await asStaff(ctx.app, team.staff, 'GET', `/admin/api/orders/${id}/shipment`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

const creations = () => sr.calls('/orders/create/adhoc').length;

describe('booking', () => {
  test('one order: Shiprocket gets the order in its shapes; the cheapest courier; the order is packed with the AWB', async () => {
    const order = await place({
      items: [
        { ...pieces[0]!, quantity: 2 },
        { ...pieces[1]!, quantity: 1 },
      ],
    });
    const [result] = await book([order.id]);
    assert.equal(result!.ok, true, result!.message ?? '');
    assert.equal(result!.courierName, 'Delhivery Surface');
    assert.match(result!.awb!, /^SR\d{10}$/);

    const create = sr.calls('/orders/create/adhoc').at(-1)!;
    assert.match(create.authorization!, /^Bearer token-\d+$/);
    const body = create.body!;
    assert.equal(body.order_id, order.orderNumber);
    assert.match(String(body.order_date), /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    assert.equal(body.pickup_location, SHIPROCKET_PICKUP_LOCATION);
    assert.equal(body.billing_customer_name, 'Asha');
    assert.equal(body.billing_last_name, 'Rao');
    assert.equal(body.billing_pincode, '560001');
    assert.equal(body.billing_city, 'Bengaluru');
    assert.equal(body.billing_state, 'Karnataka');
    assert.equal(body.billing_phone, '9876543210');
    assert.equal(body.billing_email, shopper.email);
    assert.equal(body.shipping_is_billing, true);
    assert.equal(body.payment_method, 'Prepaid');
    assert.equal(body.sub_total, order.totalAmount);
    const items = body.order_items as Record<string, unknown>[];
    assert.deepEqual(
      items.map((i) => [i.sku, i.units, i.selling_price, i.hsn]),
      order.items.map((i) => [i.sku, i.quantity, 1299, i.hsnCode]),
    );
    assert.ok(items.every((i) => typeof i.name === 'string' && i.name.length > 0));
    assert.deepEqual([body.length, body.breadth, body.weight], [30, 25, 1]);
    const serviceability = sr.calls('/courier/serviceability/').at(-1)!;
    assert.equal(serviceability.query.get('delivery_postcode'), '560001');
    assert.equal(serviceability.query.get('cod'), '0');
    assert.deepEqual(sr.calls('/courier/assign/awb').at(-1)!.body, {
      shipment_id: Number((await shipmentOf(order.id))!.providerShipmentId),
      courier_id: 14,
    });

    const packed = await adminOrder(order.id);
    assert.equal(packed.status, 'packed');
    assert.equal(packed.shipment?.awb, result!.awb);
    assert.equal(packed.shipment?.courier, 'Delhivery Surface');
    assert.equal(packed.shipment?.trackingUrl, `https://shiprocket.co/tracking/${result!.awb}`);
    assert.deepEqual(packed.timeline.map((e) => e.status).slice(-2), ['confirmed', 'packed']);
    const shipment = (await shipmentOf(order.id))!;
    assert.equal(shipment.status, 'booked');
    assert.equal(shipment.provider, 'shiprocket');
  });

  test('ten orders in one go, each with its own AWB and one Shiprocket order each', async () => {
    const orders: Order[] = [];
    for (let i = 0; i < 10; i++) orders.push(await place());
    const before = creations();
    const results = await book(orders.map((o) => o.id));
    assert.equal(results.length, 10);
    assert.ok(
      results.every((r) => r.ok),
      JSON.stringify(results.filter((r) => !r.ok)),
    );
    assert.equal(new Set(results.map((r) => r.awb)).size, 10);
    assert.equal(creations() - before, 10);
    for (const o of orders) assert.equal((await adminOrder(o.id)).status, 'packed');
  });

  test('the owner’s preferred courier when it serves the pincode; the cheapest when it does not', async () => {
    const res = await asStaff(ctx.app, team.owner, 'GET', '/admin/api/store-settings');
    const { settings } = res.json().data as StoreSettingsView;
    const save = (preferredCourier: string | null) =>
      asStaff(ctx.app, team.owner, 'PUT', '/admin/api/store-settings', { ...settings, preferredCourier });
    try {
      assert.equal((await save('xpressbees surface')).statusCode, 200);
      const [preferred] = await book([(await place()).id]);
      assert.equal(preferred!.courierName, 'Xpressbees Surface');
      assert.equal(sr.calls('/courier/assign/awb').at(-1)!.body!.courier_id, 10);

      // Blue Dart collects no cash: a COD order goes to the cheapest courier that does.
      assert.equal((await save('Blue Dart Air')).statusCode, 200);
      const cod = await place({ paymentMethod: 'cod' });
      const [fallback] = await book([cod.id]);
      assert.equal(fallback!.courierName, 'Delhivery Surface');
      assert.equal(sr.calls('/courier/serviceability/').at(-1)!.query.get('cod'), '1');
      const create = sr.calls('/orders/create/adhoc').at(-1)!.body!;
      assert.equal(create.payment_method, 'COD');
      assert.equal(create.sub_total, cod.amountPayable);
    } finally {
      await save(null);
    }
  });

  test('an unserviceable pincode fails that order alone, which stays placed; the others are booked', async () => {
    const good = await place();
    const far = await place({ shippingAddress: PORT_BLAIR });
    const before = creations();
    const results = await book([good.id, far.id]);
    assert.deepEqual(
      results.map((r) => [r.orderNumber, r.ok, r.message]),
      [
        [good.orderNumber, true, null],
        [far.orderNumber, false, SHIPMENT_MESSAGES.unserviceable],
      ],
    );
    assert.equal(creations() - before, 1, 'no Shiprocket order for the unserviceable one');
    const stayed = await adminOrder(far.id);
    assert.equal(stayed.status, 'placed');
    assert.equal(stayed.shipment, null);
    assert.equal((await shipmentOf(far.id))!.lastError, SHIPMENT_MESSAGES.unserviceable);
  });

  test('a Shiprocket 5xx leaves the order as it was; the retry books it with one Shiprocket order', async () => {
    ctx.expectServerErrors(/shipment booking failed/);
    const order = await place();
    sr.failNext.add('/orders/create/adhoc');
    const [first] = await book([order.id]);
    assert.deepEqual([first!.ok, first!.message], [false, SHIPMENT_MESSAGES.providerFailed]);
    assert.equal((await adminOrder(order.id)).status, 'placed');
    assert.equal((await shipmentOf(order.id))!.status, 'failed');

    // Created in Shiprocket, then the AWB step fails: the retry goes on from the AWB.
    sr.failNext.add('/courier/assign/awb');
    const before = creations();
    const [second] = await book([order.id]);
    assert.equal(second!.ok, false);
    assert.equal((await adminOrder(order.id)).status, 'placed');
    const [third] = await book([order.id]);
    assert.equal(third!.ok, true, third!.message ?? '');
    assert.equal(creations() - before, 1);
    assert.equal((await adminOrder(order.id)).shipment?.awb, third!.awb);
  });

  test('booking an order twice, even at once, books it once', async () => {
    const order = await place();
    const before = creations();
    const [a, b] = await Promise.all([book([order.id]), book([order.id])]);
    const booked = [a![0]!, b![0]!].filter((r) => r.ok);
    assert.ok(booked.length >= 1);
    // The other click either waited for the first (and answers its AWB) or was told it is under way.
    for (const r of [a![0]!, b![0]!].filter((x) => !x.ok)) assert.equal(r.message, SHIPMENT_MESSAGES.inProgress);
    assert.equal(new Set(booked.map((r) => r.awb)).size, 1);
    const [again] = await book([order.id]);
    assert.equal(again!.ok, true);
    assert.equal(again!.awb, booked[0]!.awb);
    assert.equal(creations() - before, 1);
  });

  test('an order waiting for its payment is refused; support may not book; no session is 401', async () => {
    const unpaidRes = await ctx.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(shopper.token),
      payload: {
        items: [{ ...pieces[0]!, quantity: 1 }],
        shippingAddress: PORT_BLAIR,
        paymentMethod: 'sandbox',
      },
    });
    const unpaid = unpaidRes.json().data.order as Order;
    const [result] = await book([unpaid.id]);
    assert.equal(result!.message, SHIPMENT_MESSAGES.notBookable);
    const res = await asStaff(ctx.app, team.support, 'POST', '/admin/api/shipments/book', { ids: [unpaid.id] });
    assert.equal(res.statusCode, 403);
    const anon = await ctx.app.inject({
      method: 'POST',
      url: '/admin/api/shipments/book',
      payload: { ids: [unpaid.id] },
    });
    assert.equal(anon.statusCode, 401);
  });
});

describe('after booking', () => {
  let orders: Order[];
  before(async () => {
    orders = [await place(), await place()];
    await book(orders.map((o) => o.id));
  });

  test('one PDF of the labels and of the manifest, for owner and staff only', async () => {
    const ids = orders.map((o) => o.id);
    const labels = await post<ShipmentDocument>('labels', ids, team.staff);
    assert.deepEqual(new Set(labels.orderIds), new Set(ids));
    const labelCall = sr.calls('/courier/generate/label').at(-1)!;
    assert.equal((labelCall.body!.shipment_id as number[]).length, 2);
    const manifest = await post<ShipmentDocument>('manifest', ids);
    for (const url of [labels.url, manifest.url]) {
      for (const who of [team.owner, team.staff]) {
        const res = await asStaff(ctx.app, who, 'GET', url);
        assert.equal(res.statusCode, 200);
        assert.equal(res.headers['content-type'], 'application/pdf');
        assert.equal(res.rawPayload.subarray(0, 5).toString(), '%PDF-');
      }
      assert.equal((await asStaff(ctx.app, team.support, 'GET', url)).statusCode, 403);
      assert.equal((await ctx.app.inject({ method: 'GET', url, headers: bearer(shopper.token) })).statusCode, 401);
    }
    assert.equal((await shipmentOf(orders[0]!.id))!.labelUrl, labels.url);
    const unknown = await asStaff(ctx.app, team.owner, 'GET', labels.url.replace(/[0-9a-f]{12}$/, '000000000000'));
    assert.equal(unknown.statusCode, 404);
  });

  test('pickup scheduled, then marked shipped: the shopper’s tracking shows the AWB', async () => {
    const ids = orders.map((o) => o.id);
    const pickup = (await post<{ results: ShipmentResult[] }>('pickup', ids)).results;
    assert.ok(pickup.every((r) => r.ok));
    assert.equal((sr.calls('/courier/generate/pickup').at(-1)!.body!.shipment_id as number[]).length, 2);
    const shipment = (await shipmentOf(ids[0]!))!;
    assert.equal(shipment.status, 'pickup_scheduled');
    assert.equal(shipment.pickupScheduledFor, '2026-11-29 11:00:00');

    const shipped = (await post<{ results: ShipmentResult[] }>('ship', ids)).results;
    assert.ok(
      shipped.every((r) => r.ok),
      JSON.stringify(shipped),
    );
    const order = await adminOrder(ids[0]!);
    assert.equal(order.status, 'shipped');
    assert.equal(order.shipment?.awb, shipment.awb);
    const track = await ctx.app.inject({
      method: 'GET',
      url: `/api/shipping/track/${ids[0]}`,
      headers: bearer(shopper.token),
    });
    assert.equal(track.statusCode, 200, track.body);
    assert.equal(track.json().data.awb, shipment.awb);
    assert.equal(track.json().data.orderStatus, 'shipped');

    const again = (await post<{ results: ShipmentResult[] }>('ship', [ids[0]!, (await place()).id])).results;
    assert.deepEqual(
      again.map((r) => [r.ok, r.message]),
      [
        [true, null],
        [false, SHIPMENT_MESSAGES.notBooked],
      ],
    );
  });
});
