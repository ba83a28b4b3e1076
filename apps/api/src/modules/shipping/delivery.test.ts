/**
 * The delivery promise by pincode (docs/shopper-features.md "Delivery by pincode"): the zones
 * seen from the warehouse (560025, Bengaluru Urban), days counted in India time without
 * Sundays (a fixed clock), the COD exclusions, the owner's zone table through the admin API,
 * bad pincodes, Shiprocket's serviceability against a local server in its documented shapes
 * (and the zone table when it fails), and cash on delivery refused at POST /orders.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import {
  ADDRESS_MESSAGES,
  DEFAULT_DELIVERY_SETTINGS,
  VALIDATION_MESSAGES,
  codUnavailableAt,
  type DeliveryEstimate,
  type DeliverySettings,
} from '@vastra/contracts';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { auditLog, variants } from '../../db/schema';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { pickProducts, setPricePaise, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, DELHI_ADDRESS } from '../../test/orders';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import { PincodeDirectory } from '../addresses';
import { DeliveryService, type SettingsStore } from './delivery';

const STORE_ADDRESS = '12 Residency Road, Bengaluru, Karnataka 560025';
const PORT_BLAIR_ADDRESS = {
  ...BENGALURU_ADDRESS,
  street: '3 Aberdeen Bazaar',
  city: 'Port Blair',
  state: 'Andaman and Nicobar Islands',
  postalCode: '744101',
};
const quietLog = { info() {}, warn() {} } as unknown as FastifyBaseLogger;

/** The service on the real directory, an in-memory settings store and a fixed clock. */
function service(now: string, stored: Record<string, unknown> = {}) {
  const settings: SettingsStore = {
    stateValue: async (key) => stored[key] ?? null,
    setStateValue: async (key, value) => void (stored[key] = value),
  };
  return new DeliveryService({
    pincodes: PincodeDirectory.load(),
    settings,
    serviceability: null,
    storeAddress: STORE_ADDRESS,
    log: quietLog,
    now: () => new Date(now),
  });
}

async function estimate(ctx: TestContext, pincode: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/shipping/delivery-estimate?pincode=${encodeURIComponent(pincode)}`,
    remoteAddress: freshIp(),
  });
  return { status: res.statusCode, body: res.json() as { message?: string; data: DeliveryEstimate } };
}

describe('zones and dates (the service, fixed clock)', () => {
  // Thursday 26 Nov 2026, 10:00 in India.
  const thursday = '2026-11-26T10:00:00+05:30';

  test('each zone: same city, same state, metro, rest of India, north-east and islands', async () => {
    const delivery = service(thursday);
    const zones = await Promise.all(
      ['560001', '570001', '110001', '400001', '226001', '781001', '744101', '682555'].map(async (p) => {
        const e = await delivery.estimate(p);
        return [p, e.zone, e.city, e.state];
      }),
    );
    assert.deepEqual(zones, [
      ['560001', 'same_city', 'Bengaluru Urban', 'Karnataka'],
      ['570001', 'same_state', 'Mysuru', 'Karnataka'],
      ['110001', 'metro', 'New Delhi', 'Delhi'],
      ['400001', 'metro', 'Mumbai', 'Maharashtra'],
      ['226001', 'rest_of_india', 'Lucknow', 'Uttar Pradesh'],
      ['781001', 'north_east_islands', 'Kamrup Metro', 'Assam'],
      ['744101', 'north_east_islands', 'South Andamans', 'Andaman and Nicobar Islands'],
      ['682555', 'north_east_islands', 'Lakshadweep District', 'Lakshadweep'],
    ]);
  });

  test('days from today in India, Sundays not counted: rest of India on a Thursday is Thu, 3 Dec', async () => {
    const e = await service(thursday).estimate('226001');
    assert.equal(DEFAULT_DELIVERY_SETTINGS.days.rest_of_india, 6);
    // Fri, Sat, (Sun), Mon, Tue, Wed, Thu.
    assert.equal(e.deliveryBy, '2026-12-03');
    assert.equal(e.deliveryDays, 7);
    assert.equal(e.source, 'zones');
  });

  test('a promise that would land on Sunday moves to Monday', async () => {
    // Friday: same city is 2 days → Sat, (Sun), Mon.
    const e = await service('2026-11-27T12:00:00+05:30').estimate('560001');
    assert.equal(e.deliveryBy, '2026-11-30');
    assert.equal(e.deliveryDays, 3);
  });

  test('“today” is India’s date: 01:30 on Sunday in India is still Saturday in UTC', async () => {
    const e = await service('2026-11-28T20:00:00Z').estimate('560001');
    // From Sunday 29 Nov: Mon, Tue.
    assert.equal(e.deliveryBy, '2026-12-01');
    assert.equal(e.deliveryDays, 2);
  });

  test('COD: not on the islands by default; a stored zone table changes days and exclusions', async () => {
    assert.equal((await service(thursday).estimate('744101')).codAvailable, false);
    assert.equal((await service(thursday).estimate('682555')).codAvailable, false);
    assert.equal((await service(thursday).estimate('781001')).codAvailable, true);
    const table: DeliverySettings = {
      ...DEFAULT_DELIVERY_SETTINGS,
      days: { ...DEFAULT_DELIVERY_SETTINGS.days, metro: 1 },
      codExcludedZones: ['north_east_islands'],
      codExcludedPincodes: ['110001'],
    };
    const delivery = service(thursday, { delivery: table });
    const delhi = await delivery.estimate('110001');
    assert.deepEqual([delhi.deliveryBy, delhi.codAvailable], ['2026-11-27', false]);
    assert.equal((await delivery.estimate('781001')).codAvailable, false);
    assert.equal(await delivery.codAvailable('400001'), true);
  });

  test('a store address without a known pincode is refused at start', () => {
    assert.throws(
      () =>
        new DeliveryService({
          pincodes: PincodeDirectory.load(),
          settings: { stateValue: async () => null, setStateValue: async () => {} },
          serviceability: null,
          storeAddress: '12 Residency Road, Bengaluru',
          log: quietLog,
        }),
      /SELLER_ADDRESS/,
    );
  });
});

describe('GET /shipping/delivery-estimate and the zone table (zones)', () => {
  let ctx: TestContext;
  let team: Awaited<ReturnType<typeof staffTeam>>;
  let shopper: Account;
  let product: TestProduct;
  before(async () => {
    ctx = await createTestApp();
    team = await staffTeam(ctx);
    shopper = await register(ctx.app, { name: 'Asha Rao' });
    [product] = (await pickProducts(ctx.database.db, 1, { minVariants: 1 })) as [TestProduct];
    await setStock(ctx.database.db, product.variants[0]!.id, 20);
    // Within the COD limit, whichever product the snapshot's ids put first.
    await setPricePaise(ctx.database.db, product.variants[0]!.id, 99_900);
  });
  after(() => ctx.close());

  const putTable = (table: unknown, who: StaffLogin = team.owner) =>
    asStaff(ctx.app, who, 'PUT', '/admin/api/delivery-settings', table);
  const codOrder = (shippingAddress: typeof BENGALURU_ADDRESS) =>
    ctx.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(shopper.token),
      payload: {
        items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
        shippingAddress,
        paymentMethod: 'cod',
      },
    });
  const stock = async () =>
    (await ctx.database.db.select().from(variants).where(eq(variants.id, product.variants[0]!.id)))[0]!.stock;

  test('public: city, state, zone, a date that is no Sunday, the days and COD', async () => {
    const { status, body } = await estimate(ctx, ' 110001 ');
    assert.equal(status, 200, JSON.stringify(body));
    const e = body.data;
    assert.deepEqual(
      [e.pincode, e.city, e.state, e.zone, e.codAvailable, e.source],
      ['110001', 'New Delhi', 'Delhi', 'metro', true, 'zones'],
    );
    assert.match(e.deliveryBy, /^\d{4}-\d{2}-\d{2}$/);
    assert.notEqual(new Date(`${e.deliveryBy}T00:00:00Z`).getUTCDay(), 0);
    // 4 days without Sundays: 4 or 5 calendar days.
    assert.ok(e.deliveryDays === 4 || e.deliveryDays === 5, String(e.deliveryDays));
    assert.equal((await estimate(ctx, '744101')).body.data.codAvailable, false);
  });

  test('bad pincodes: 400 for the format, 404 for one India Post does not have', async () => {
    for (const pincode of ['', '56001', '0560001', '056001', 'abcdef', '5600011']) {
      const { status, body } = await estimate(ctx, pincode);
      assert.equal(status, 400, pincode);
      assert.equal(body.message, VALIDATION_MESSAGES.postalCode, pincode);
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/shipping/delivery-estimate',
      remoteAddress: freshIp(),
    });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, VALIDATION_MESSAGES.postalCode);
    const unknown = await estimate(ctx, '999999');
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, ADDRESS_MESSAGES.pincodeUnknown);
  });

  test('rate-limited per client address like the pincode lookup', async () => {
    const ip = freshIp();
    const ask = () =>
      ctx.app.inject({ method: 'GET', url: '/shipping/delivery-estimate?pincode=560001', remoteAddress: ip });
    for (let i = 0; i < 60; i += 1) assert.equal((await ask()).statusCode, 200);
    assert.equal((await ask()).statusCode, 429);
  });

  test('COD to an excluded pincode is refused at POST /orders and nothing changes; 560001 and 110001 take COD', async () => {
    const before = await stock();
    const refused = await codOrder(PORT_BLAIR_ADDRESS);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(refused.json().message, codUnavailableAt('744101'));
    assert.equal(await stock(), before);
    for (const address of [BENGALURU_ADDRESS, DELHI_ADDRESS]) {
      const placed = await codOrder(address);
      assert.equal(placed.statusCode, 201, placed.body);
    }
    assert.equal(await stock(), before - 2);
  });

  test('the owner changes the zone table: estimates and orders use it at once; audited', async () => {
    const read = await asStaff(ctx.app, team.owner, 'GET', '/admin/api/delivery-settings');
    assert.equal(read.statusCode, 200, read.body);
    assert.deepEqual(read.json().data, DEFAULT_DELIVERY_SETTINGS);
    const audits = async () =>
      (
        await ctx.database.db
          .select({ n: count() })
          .from(auditLog)
          .where(eq(auditLog.action, 'delivery-settings.update'))
      )[0]!.n;

    const table: DeliverySettings = {
      ...DEFAULT_DELIVERY_SETTINGS,
      days: { ...DEFAULT_DELIVERY_SETTINGS.days, metro: 10 },
      codExcludedPincodes: ['400001'],
    };
    const put = await putTable(table);
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual(put.json().data, table);
    assert.equal(await audits(), 1);

    const delhi = (await estimate(ctx, '110001')).body.data;
    assert.ok(delhi.deliveryDays >= 10 && delhi.deliveryDays <= 12, String(delhi.deliveryDays));
    assert.equal((await estimate(ctx, '400001')).body.data.codAvailable, false);
    const mumbai = { ...DELHI_ADDRESS, city: 'Mumbai', state: 'Maharashtra', postalCode: '400001' };
    const refused = await codOrder(mumbai);
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(refused.json().message, codUnavailableAt('400001'));
  });

  test('only the owner may read or change it; a bad table is 400 and changes nothing', async () => {
    for (const who of [team.staff, team.support]) {
      assert.equal((await asStaff(ctx.app, who, 'GET', '/admin/api/delivery-settings')).statusCode, 403);
      assert.equal((await putTable(DEFAULT_DELIVERY_SETTINGS, who)).statusCode, 403);
    }
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/admin/api/delivery-settings' })).statusCode, 401);
    const before = (await asStaff(ctx.app, team.owner, 'GET', '/admin/api/delivery-settings')).json().data;
    for (const bad of [
      { ...DEFAULT_DELIVERY_SETTINGS, days: { ...DEFAULT_DELIVERY_SETTINGS.days, metro: 0 } },
      { ...DEFAULT_DELIVERY_SETTINGS, codExcludedPincodes: ['12345'] },
      { ...DEFAULT_DELIVERY_SETTINGS, codExcludedZones: ['moon'] },
      { days: DEFAULT_DELIVERY_SETTINGS.days },
    ]) {
      assert.equal((await putTable(bad)).statusCode, 400, JSON.stringify(bad));
    }
    assert.deepEqual((await asStaff(ctx.app, team.owner, 'GET', '/admin/api/delivery-settings')).json().data, before);
  });
});

/** A local Shiprocket: /auth/login and /courier/serviceability/, in Shiprocket's documented shapes. */
type FakeShiprocket = {
  server: Server;
  baseUrl: string;
  queries: URLSearchParams[];
  mode: 'couriers' | 'no-cod' | 'none' | 'down';
};

/** "Dec 03, 2026" for `days` days after today in India, as Shiprocket writes its etd. */
function etdIn(days: number): { etd: string; iso: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
  const date = new Date(new Date(`${today}T00:00:00Z`).getTime() + days * 86_400_000);
  const etd = date.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
  return { etd, iso: date.toISOString().slice(0, 10) };
}

async function startShiprocket(): Promise<FakeShiprocket> {
  const fake = { queries: [], mode: 'couriers' } as unknown as FakeShiprocket;
  fake.server = createServer((req, res) => {
    const json = (status: number, payload: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (fake.mode === 'down') return json(502, { message: 'Bad gateway' });
    if (req.method === 'POST' && req.url === '/v1/external/auth/login') return json(200, { id: 1, token: 'token-1' });
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'GET' && url.pathname === '/v1/external/courier/serviceability/') {
      if (req.headers.authorization !== 'Bearer token-1') return json(401, { message: 'Token has expired' });
      fake.queries.push(url.searchParams);
      if (fake.mode === 'none') return json(404, { status: 404, message: 'No courier serviceable' });
      const cod = fake.mode === 'no-cod' ? 0 : 1;
      return json(200, {
        status: 200,
        data: {
          available_courier_companies: [
            { courier_name: 'Delhivery Surface', etd: etdIn(5).etd, estimated_delivery_days: '5', cod, rate: 75 },
            { courier_name: 'Blue Dart Air', etd: etdIn(2).etd, estimated_delivery_days: '2', cod: 0, rate: 160 },
          ],
          recommended_courier_company_id: 1,
        },
      });
    }
    return json(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}/v1/external`;
  return fake;
}

describe('with Shiprocket configured', () => {
  let ctx: TestContext;
  let sr: FakeShiprocket;
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
  });
  after(async () => {
    await ctx.close();
    await new Promise((resolve) => sr.server.close(resolve));
  });

  test('the fastest courier’s date; COD when any courier collects it; asked from the warehouse’s pincode', async () => {
    const { status, body } = await estimate(ctx, '110001');
    assert.equal(status, 200, JSON.stringify(body));
    assert.deepEqual(
      [body.data.source, body.data.zone, body.data.deliveryBy, body.data.deliveryDays, body.data.codAvailable],
      ['shiprocket', 'metro', etdIn(2).iso, 2, true],
    );
    const query = Object.fromEntries(sr.queries.at(-1)!);
    assert.deepEqual(query, { pickup_postcode: '560025', delivery_postcode: '110001', weight: '0.5', cod: '0' });
  });

  test('no courier collects cash there: COD is not offered, and POST /orders refuses it', async () => {
    sr.mode = 'no-cod';
    try {
      assert.equal((await estimate(ctx, '110001')).body.data.codAvailable, false);
      const shopper = await register(ctx.app, { name: 'Ravi Kumar' });
      const [product] = (await pickProducts(ctx.database.db, 1, { minVariants: 1 })) as [TestProduct];
      await setStock(ctx.database.db, product.variants[0]!.id, 5);
      await setPricePaise(ctx.database.db, product.variants[0]!.id, 99_900);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/orders',
        headers: bearer(shopper.token),
        payload: {
          items: [{ productId: product.id, variantId: product.variants[0]!.id, quantity: 1 }],
          shippingAddress: DELHI_ADDRESS,
          paymentMethod: 'cod',
        },
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().message, codUnavailableAt('110001'));
    } finally {
      sr.mode = 'couriers';
    }
  });

  test('the store’s exclusions hold whatever the couriers say: the islands have no COD', async () => {
    const { body } = await estimate(ctx, '744101');
    assert.deepEqual([body.data.source, body.data.codAvailable], ['shiprocket', false]);
  });

  test('Shiprocket down, or no courier: the zone table answers', async () => {
    for (const mode of ['down', 'none'] as const) {
      sr.mode = mode;
      try {
        const { status, body } = await estimate(ctx, '110001');
        assert.equal(status, 200, JSON.stringify(body));
        assert.deepEqual([body.data.source, body.data.zone, body.data.codAvailable], ['zones', 'metro', true], mode);
        assert.ok(body.data.deliveryDays >= 4, mode);
      } finally {
        sr.mode = 'couriers';
      }
    }
  });
});
