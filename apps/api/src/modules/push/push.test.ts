/**
 * Web Push end to end (docs/behaviour.md "Push notifications"): a shopper's browser subscribes,
 * and a stand-in push service on 127.0.0.1 receives what the store sends, checks it as a real
 * one would (the VAPID JWT signed with the store's public key for this origin, aes128gcm with
 * the RFC 8188 header) and decrypts it with the subscription's own keys (RFC 8291). Shown: a
 * restock through the admin sends one push naming the product; an order shipped sends its number;
 * a failed delivery attempt sends its own push (English, Hindi) opening the order's page, not to a
 * shopper with order updates off;
 * a device whose service answers 410 is forgotten; a kind turned off sends nothing; another
 * shopper can neither read nor delete someone's device.
 */
import assert from 'node:assert/strict';
import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { ADMIN_API_PREFIX, PUSH_PATHS, type PushPayload } from '@vastra/contracts';
import { jwtVerify } from 'jose';
import { bearer, register, type Account } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { insertOrder } from '../../test/orders';
import { outboxMailsTo } from '../../test/outbox';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';
import { ALERT_MAIL_SUBJECT } from '../alerts/mail';
import { isPushServiceUrl, PUSH_TTL_SECONDS } from './service';
import { orderPush } from './texts';

/** What the stand-in saw of one push: the device it was for and the decrypted payload. */
type Received = { device: string; payload: PushPayload };

/** A browser's side of a subscription: its ECDH P-256 key pair and auth secret. */
type Device = { id: string; ecdh: ReturnType<typeof createECDH>; auth: Buffer };

/**
 * https.request speaks plain HTTP through this agent: the stand-in needs no certificate, and
 * the endpoint stays https:// as a real push service's is (so the VAPID audience is https:).
 */
class PlainAgent extends https.Agent {
  override createConnection(options: net.NetConnectOpts): net.Socket {
    return net.connect(options);
  }
}

let ctx: TestContext;
let products: TestProduct[];
let owner: StaffLogin;
let server: http.Server;
let origin: string;
let vapidPublicKey: string;
let next = 0;
const product = () => products[next++]!;
const devices = new Map<string, Device>();
const received: Received[] = [];
const rejects: string[] = [];
/** Devices the stand-in answers 410 Gone for (the browser unsubscribed). */
const gone = new Set<string>();
/** Devices the stand-in answers 503 for, this many more times. */
const failures = new Map<string, number>();

/** RFC 8291 decryption of an aes128gcm body with the device's keys; asserts the RFC 8188 header. */
function decrypt(device: Device, body: Buffer): string {
  assert.ok(body.length > 21 + 65 + 16, 'body holds the header and a record');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  assert.ok(recordSize >= 18 && recordSize >= body.length - 86, `record size ${recordSize}`);
  assert.equal(body[20], 65, 'keyid is the 65-byte sender public key');
  const senderKey = body.subarray(21, 86);
  assert.equal(senderKey[0], 4, 'keyid is an uncompressed P-256 point');
  const record = body.subarray(86);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  assert.equal(padded[end], 2, 'last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `vapid t=<JWT>, k=<key>`: the store's key, ES256 signature, our origin, not expired, a contact. */
async function checkVapid(header: string | undefined): Promise<void> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  assert.ok(match, `Authorization: ${header}`);
  const [, token, key] = match;
  assert.equal(key, vapidPublicKey);
  const point = Buffer.from(key!, 'base64url');
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const { payload } = await jwtVerify(token!, publicKey, { algorithms: ['ES256'], audience: origin });
  assert.ok(payload.exp! > Date.now() / 1000, 'exp in the future');
  assert.match(String(payload.sub), /^(mailto:|https:)/);
}

/** The stand-in's answer to one push request: checks everything a push service does, then decrypts. */
async function standIn(req: http.IncomingMessage, body: Buffer): Promise<number> {
  const deviceId = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
  const device = devices.get(deviceId);
  assert.ok(device, `unknown device ${req.url}`);
  assert.equal(req.method, 'POST');
  await checkVapid(req.headers.authorization);
  assert.equal(req.headers['content-encoding'], 'aes128gcm');
  assert.equal(req.headers.ttl, String(PUSH_TTL_SECONDS));
  if (gone.has(deviceId)) return 410;
  const failing = failures.get(deviceId) ?? 0;
  if (failing > 0) {
    failures.set(deviceId, failing - 1);
    return 503;
  }
  received.push({ device: deviceId, payload: JSON.parse(decrypt(device, body)) as PushPayload });
  return 201;
}

before(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      standIn(req, Buffer.concat(chunks)).then(
        (status) => res.writeHead(status).end(),
        (err: Error) => {
          rejects.push(err.message);
          res.writeHead(400).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  ctx = await createTestApp({
    push: { anyPushHost: true, agent: new PlainAgent(), retry: { retryLimit: 2, retryDelayMs: 50, backoff: false } },
  });
  products = await pickProducts(ctx.database.db, 6, { minVariants: 2 });
  owner = await staffOfRole(ctx, 'owner');
});
after(async () => {
  await ctx.close();
  server.close();
});

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, account: Account, payload?: object) {
  const res = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers: bearer(account.token) });
  return { status: res.statusCode, body: res.json() };
}

/** A new browser of `account` subscribes as the storefront does; answers the subscription's id. */
async function subscribe(account: Account): Promise<{ id: string; device: string }> {
  const device: Device = { id: randomUUID(), ecdh: createECDH('prime256v1'), auth: randomBytes(16) };
  device.ecdh.generateKeys();
  devices.set(device.id, device);
  const key = await call('GET', PUSH_PATHS.publicKey, account);
  assert.equal(key.status, 200);
  vapidPublicKey = key.body.data.publicKey;
  const res = await call('POST', PUSH_PATHS.subscriptions, account, {
    endpoint: `${origin}/push/${device.id}`,
    expirationTime: null,
    keys: { p256dh: device.ecdh.getPublicKey().toString('base64url'), auth: device.auth.toString('base64url') },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { id: res.body.data.subscription.id, device: device.id };
}

/** A sold-out size the shopper asked to hear about, restocked by the store through the admin. */
async function restockAsked(account: Account, p: TestProduct): Promise<void> {
  const size = p.variants[0]!;
  await setStock(ctx.database.db, size.id, 0);
  assert.equal((await call('POST', '/alerts/stock', account, { variantId: size.id })).status, 201);
  const res = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/variants/${size.id}/stock`, {
    mode: 'set',
    quantity: 5,
    reason: 'received',
  });
  assert.equal(res.statusCode, 200, res.body);
  await ctx.app.jobs.idle();
}

const pushesTo = (device: string) => received.filter((r) => r.device === device);

describe('push', () => {
  test('a restock through the admin sends the shopper one push naming the product and opening its page', async () => {
    const p = product();
    const shopper = await register(ctx.app);
    const { id, device } = await subscribe(shopper);

    await restockAsked(shopper, p);
    assert.deepEqual(rejects, []);
    const pushes = pushesTo(device);
    assert.equal(pushes.length, 1);
    assert.deepEqual(pushes[0]!.payload, {
      title: 'Back in stock',
      body: `${p.name} (size ${p.variants[0]!.size}) is back in stock.`,
      url: `${TEST_STOREFRONT_URL}/shop/product/${p.id}`,
      tag: 'back-in-stock',
      ...(pushes[0]!.payload.image ? { image: pushes[0]!.payload.image } : {}),
    });
    const mine = await call('GET', PUSH_PATHS.subscription(id), shopper);
    assert.ok(mine.body.data.subscription.lastSuccessAt, 'the success is noted');
  });

  test('an order shipped by the store sends its number and opens the order', async () => {
    const shopper = await register(ctx.app);
    const { device } = await subscribe(shopper);
    const order = await insertOrder(ctx.database.db, { userId: shopper.userId, gateway: 'cod', status: 'packed' });

    const res = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/orders/${order.id}/steps`, {
      to: 'shipped',
      courier: 'Delhivery',
      awb: 'DLV1234567890',
      trackingUrl: 'https://www.delhivery.com/track/package/DLV1234567890',
    });
    assert.equal(res.statusCode, 200, res.body);
    await ctx.app.jobs.idle();
    assert.deepEqual(
      pushesTo(device).map((r) => r.payload),
      [
        {
          title: `Order ${order.orderNumber}`,
          body: 'Your order has shipped.',
          url: `${TEST_STOREFRONT_URL}/account/orders/${order.id}`,
          tag: `order-${order.orderNumber}`,
        },
      ],
    );
  });

  test("a failed delivery attempt pushes once to the shopper's device, opening the order's page; not with order updates off", async () => {
    const shopper = await register(ctx.app);
    const { device } = await subscribe(shopper);
    const order = await insertOrder(ctx.database.db, { userId: shopper.userId, gateway: 'cod', status: 'undelivered' });
    const quiet = await register(ctx.app);
    const { device: quietDevice } = await subscribe(quiet);
    const choice = { backInStock: true, priceDrop: true, orderUpdates: false };
    assert.equal((await call('PUT', PUSH_PATHS.preferences, quiet, choice)).status, 200);
    const theirs = await insertOrder(ctx.database.db, { userId: quiet.userId, gateway: 'cod', status: 'undelivered' });

    for (const id of [order.id, theirs.id]) {
      await ctx.app.events.emit('order.status_changed', { orderId: id, status: 'undelivered', storeStep: true });
    }
    await ctx.app.jobs.idle();
    assert.deepEqual(
      pushesTo(device).map((r) => r.payload),
      [
        {
          title: 'Delivery attempt failed',
          body: `The courier could not deliver ${order.orderNumber}. Tell them when to come again.`,
          url: `${TEST_STOREFRONT_URL}/account/orders/${order.id}`,
          tag: `order-${order.orderNumber}`,
        },
      ],
    );
    assert.deepEqual(pushesTo(quietDevice), [], 'order updates off: no push');
  });

  test('a failed delivery attempt is told in Hindi on the Hindi pages', () => {
    const push = orderPush({ id: 'o-1', orderNumber: 'VST-001001' }, 'undelivered', {
      storefrontUrl: TEST_STOREFRONT_URL,
      locale: 'hi',
    });
    assert.equal(push.title, 'डिलीवरी नहीं हो पाई');
    assert.match(push.body, /VST-001001/);
    assert.equal(push.url, `${TEST_STOREFRONT_URL}/hi/account/orders/o-1`);
  });

  test('a device whose push service answers 410 Gone is forgotten', async () => {
    const shopper = await register(ctx.app);
    const { id, device } = await subscribe(shopper);
    gone.add(device);

    await restockAsked(shopper, product());
    assert.deepEqual(rejects, []);
    assert.equal(pushesTo(device).length, 0);
    assert.equal((await call('GET', PUSH_PATHS.subscription(id), shopper)).status, 404);
    assert.deepEqual((await call('GET', PUSH_PATHS.subscriptions, shopper)).body.data.subscriptions, []);
  });

  test('a push service failing for a while gets the push once it answers again; the device is kept', async () => {
    const shopper = await register(ctx.app);
    const { id, device } = await subscribe(shopper);
    failures.set(device, 1);

    await restockAsked(shopper, product());
    assert.equal(failures.get(device), 0, 'the first attempt failed');
    assert.equal(pushesTo(device).length, 1);
    assert.equal((await call('GET', PUSH_PATHS.subscription(id), shopper)).status, 200);
  });

  test('with back-in-stock turned off the mail still goes, the push does not', async () => {
    const shopper = await register(ctx.app);
    const { device } = await subscribe(shopper);
    const choice = { backInStock: false, priceDrop: true, orderUpdates: true };
    const saved = await call('PUT', PUSH_PATHS.preferences, shopper, choice);
    assert.equal(saved.status, 200);
    assert.deepEqual((await call('GET', PUSH_PATHS.preferences, shopper)).body.data, choice);

    await restockAsked(shopper, product());
    const mails = (await outboxMailsTo(ctx.dataDir, shopper.email)).filter((m) => m.subject === ALERT_MAIL_SUBJECT);
    assert.equal(mails.length, 1, 'the alert was due');
    assert.equal(pushesTo(device).length, 0);
  });

  test("another shopper can neither read nor delete someone's device", async () => {
    const [asha, ravi] = [await register(ctx.app), await register(ctx.app)];
    const { id } = await subscribe(asha);

    assert.equal((await call('GET', PUSH_PATHS.subscription(id), ravi)).status, 404);
    assert.equal((await call('DELETE', PUSH_PATHS.subscription(id), ravi)).status, 404);
    assert.deepEqual((await call('GET', PUSH_PATHS.subscriptions, ravi)).body.data.subscriptions, []);
    assert.equal((await call('GET', PUSH_PATHS.subscription(id), asha)).status, 200);

    assert.equal((await call('DELETE', PUSH_PATHS.subscription(id), asha)).status, 200);
    assert.equal((await call('GET', PUSH_PATHS.subscription(id), asha)).status, 404);
  });

  test('routes need a session; a subscription with bad keys is refused', async () => {
    const guest = await ctx.app.inject({ method: 'GET', url: PUSH_PATHS.preferences });
    assert.equal(guest.statusCode, 401);
    const shopper = await register(ctx.app);
    const bad = await call('POST', PUSH_PATHS.subscriptions, shopper, {
      endpoint: `${origin}/push/x`,
      keys: { p256dh: randomBytes(64).toString('base64url'), auth: randomBytes(16).toString('base64url') },
    });
    assert.equal(bad.status, 400);
  });

  test('only https endpoints of browser push services are taken outside tests', () => {
    assert.ok(isPushServiceUrl('https://fcm.googleapis.com/fcm/send/abc'));
    assert.ok(isPushServiceUrl('https://updates.push.services.mozilla.com/wpush/v2/abc'));
    assert.ok(isPushServiceUrl('https://web.push.apple.com/abc'));
    assert.ok(!isPushServiceUrl('http://fcm.googleapis.com/fcm/send/abc'));
    assert.ok(!isPushServiceUrl('https://fcm.googleapis.com.evil.example/abc'));
    assert.ok(!isPushServiceUrl('https://127.0.0.1:8080/push'));
  });
});
