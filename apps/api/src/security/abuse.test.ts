/**
 * Money and abuse (behaviour.md §10–§15): each test performs one attack through HTTP (`app.inject`, with
 * the client address an attacker would have) against the real app and database, and shows it
 * fails. Outside services are local fakes at their HTTP boundary: PhonePe
 * (test/phonepe-server.ts) and Shiprocket (below).
 *
 * - Stock hoarding (behaviour.md §10): order attempts per account and per address, unpaid online orders
 *   per shopper, also when placed all at once.
 * - Review photos (behaviour.md §11): EXIF GPS stripped (re-encoded WebP, at most 1600 px), review floods,
 *   the per-account upload quota.
 * - PhonePe webhooks (behaviour.md §12): a claim the status API does not confirm changes nothing.
 * - Tracking links (behaviour.md §13): javascript: and data: links from the operator or Shiprocket.
 * - Code lookups (behaviour.md §15): coupon and gift card codes guessed at speed.
 * - The per-address limits with TRUST_PROXY off (a forged X-Forwarded-For changes nothing) and
 *   set to a proxy (each client behind it counted on its own address).
 *
 * @postgres: unpaid orders placed all at once race for the limit there.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  AUTH_MESSAGES,
  ORDER_MESSAGES,
  REVIEW_MESSAGES,
  photoTooManyPixels,
  unpaidOrdersLimit,
  uploadQuotaExceeded,
  type Order,
  type Tracking,
} from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { queryRows } from '../db/client';
import { REVIEW_POSTS_PER_HOUR } from '../modules/reviews/routes';
import { bearer, freshIp, multipart, register, type Account } from '../test/accounts';
import { pickProducts, setPricePaise, setStock, type TestProduct } from '../test/catalog';
import { createTestApp, type TestContext } from '../test/harness';
import { BENGALURU_ADDRESS } from '../test/orders';
import { FakePhonePe, WEBHOOK_AUTH, phonePeEnv } from '../test/phonepe-server';

const OPERATOR_TOKEN = 'abuse-test-operator-token-0123456789abcdef';
/** The defaults of ORDER_ATTEMPTS_PER_HOUR, ORDER_ATTEMPTS_PER_ADDRESS and MAX_UNPAID_ORDERS. */
const ATTEMPTS_PER_ACCOUNT = 10;
const ATTEMPTS_PER_ADDRESS = 30;
const MAX_UNPAID = 3;
/** UPLOAD_QUOTA_MB_PER_ACCOUNT of this app: two camera-sized photos pass it. */
const QUOTA_MB = 1;

/** A local Shiprocket (login and tracking by AWB) whose tracking answers carry `trackUrl`. */
class FakeShiprocket {
  trackUrl = 'https://shiprocket.co/tracking/SR1';
  server: Server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.method === 'POST' && req.url === '/v1/external/auth/login') {
      return res.end(JSON.stringify({ token: 'sr-token' }));
    }
    res.end(
      JSON.stringify({
        tracking_data: {
          track_status: 1,
          shipment_track: [{ current_status: 'IN TRANSIT', courier_name: 'Delhivery Surface' }],
          shipment_track_activities: [],
          track_url: this.trackUrl,
        },
      }),
    );
  });

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1/external`;
  }
}

const phonePe = new FakePhonePe();
const shiprocket = new FakeShiprocket();
let ctx: TestContext;
let app: FastifyInstance;
/** Products to review; the first is the one ordered. */
let products: TestProduct[];
let product: TestProduct;

before(async () => {
  const phonePeBase = await phonePe.listen();
  ctx = await createTestApp({
    env: {
      ...phonePeEnv(phonePeBase),
      SHIPPING_PROVIDER: 'shiprocket',
      SHIPROCKET_BASE_URL: await shiprocket.listen(),
      SHIPROCKET_EMAIL: 'api@vastra.test',
      SHIPROCKET_PASSWORD: 'sr-secret',
      OPERATOR_TOKEN,
      UPLOAD_QUOTA_MB_PER_ACCOUNT: String(QUOTA_MB),
    },
  });
  app = ctx.app;
  products = await pickProducts(ctx.database.db, REVIEW_POSTS_PER_HOUR + 1, { minVariants: 1 });
  product = products[0]!;
  for (const p of products) {
    await setStock(ctx.database.db, p.variants[0]!.id, 1000);
    await setPricePaise(ctx.database.db, p.variants[0]!.id, 49_900);
  }
});
after(async () => {
  await ctx.close();
  await phonePe.close();
  await new Promise((resolve) => shiprocket.server.close(resolve));
});

/** POST /orders of one piece of `item` as `account` from `ip`. */
function placeOrder(
  account: Account,
  ip: string,
  paymentMethod: 'cod' | 'phonepe' = 'cod',
  extra: Record<string, unknown> = {},
  item: TestProduct = product,
) {
  return app.inject({
    method: 'POST',
    url: '/orders',
    remoteAddress: ip,
    headers: bearer(account.token),
    payload: {
      items: [{ productId: item.id, variantId: item.variants[0]!.id, quantity: 1 }],
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod,
      ...extra,
    },
  });
}

function assertRefused(res: { statusCode: number; json(): unknown }, status: number, message: string) {
  assert.equal(res.statusCode, status, JSON.stringify(res.json()));
  assert.deepEqual(res.json(), { success: false, message });
}

function assertLimited(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  message: string,
) {
  assertRefused(res, 429, message);
  assert.ok(Number(res.headers['retry-after']) > 0, 'Retry-After says when to try again');
}

async function stockLeft(): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    ctx.database.db,
    sql`SELECT stock FROM variants WHERE id = ${product.variants[0]!.id}::uuid`,
  );
  return row!.stock;
}

async function view(account: Account, orderId: string): Promise<Order> {
  const res = await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(account.token) });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.order;
}

/** A store step of the order through the admin API, with the operator token. */
const storeStep = (orderId: string, payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/admin/api/orders/${orderId}/steps`,
    headers: bearer(OPERATOR_TOKEN),
    payload,
  });

const webhook = (payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/payments/phonepe/webhook',
    headers: { authorization: WEBHOOK_AUTH },
    payload,
  });

describe('stock hoarding', () => {
  test('one account placing order after order is refused after ORDER_ATTEMPTS_PER_HOUR (429, Retry-After)', async () => {
    const hoarder = await register(app);
    for (let i = 0; i < ATTEMPTS_PER_ACCOUNT; i += 1) {
      // A new address each time: only the account's own count can stop it.
      assert.equal((await placeOrder(hoarder, freshIp())).statusCode, 201);
    }
    const stock = await stockLeft();
    assertLimited(await placeOrder(hoarder, freshIp()), ORDER_MESSAGES.tooManyAttempts);
    assert.equal(await stockLeft(), stock, 'the refused order took no stock');
  });

  test('one address placing orders through many accounts is refused after ORDER_ATTEMPTS_PER_ADDRESS', async () => {
    const ip = freshIp();
    const accounts = await Promise.all([register(app), register(app), register(app), register(app)]);
    for (let i = 0; i < ATTEMPTS_PER_ADDRESS; i += 1) {
      // Each account stays within its own hourly attempts.
      const res = await placeOrder(accounts[i % 3]!, ip);
      assert.equal(res.statusCode, 201, res.body);
    }
    assertLimited(await placeOrder(accounts[3]!, ip), ORDER_MESSAGES.tooManyAttempts);
  });

  test('a shopper cannot hold more than MAX_UNPAID_ORDERS unpaid online orders', async () => {
    const ip = freshIp();
    const hoarder = await register(app);
    const unpaid: Order[] = [];
    for (let i = 0; i < MAX_UNPAID; i += 1) {
      const res = await placeOrder(hoarder, ip, 'phonepe');
      assert.equal(res.statusCode, 201, res.body);
      unpaid.push(res.json().data.order);
    }
    assert.ok(unpaid.every((o) => o.status === 'pending_payment'));
    const stock = await stockLeft();
    assertRefused(await placeOrder(hoarder, ip, 'phonepe'), 409, unpaidOrdersLimit(MAX_UNPAID));
    assert.equal(await stockLeft(), stock, 'the refused order took no stock');
    assert.equal(
      unpaidOrdersLimit(3),
      'You have 3 orders waiting for payment. Pay for or cancel one of them before placing another.',
    );

    // Doing what the message says lets the next one through.
    const cancelled = await app.inject({
      method: 'POST',
      url: `/orders/${unpaid[0]!.id}/cancel`,
      remoteAddress: ip,
      headers: bearer(hoarder.token),
      payload: { reason: 'Changed my mind' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    assert.equal((await placeOrder(hoarder, ip, 'phonepe')).statusCode, 201);
  });

  test('unpaid online orders placed all at once still stop at MAX_UNPAID_ORDERS', async () => {
    const hoarder = await register(app);
    // Each of a different product, so no stock row lock makes them take turns.
    const answers = await Promise.all(
      Array.from({ length: MAX_UNPAID + 2 }, (_, i) => placeOrder(hoarder, freshIp(), 'phonepe', {}, products[i]!)),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    assert.deepEqual(statuses, [201, 201, 201, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      assertRefused(refused, 409, unpaidOrdersLimit(MAX_UNPAID));
    }
  });
});

describe('PhonePe webhooks are only a prompt', () => {
  /** A PhonePe order placed over HTTP, waiting for payment, with its merchantOrderId. */
  async function phonePeOrder(shopper: Account) {
    const res = await placeOrder(shopper, freshIp(), 'phonepe');
    assert.equal(res.statusCode, 201, res.body);
    const order: Order = res.json().data.order;
    return { order, merchantOrderId: String(phonePe.pays.at(-1)!.body.merchantOrderId) };
  }

  test('a webhook claiming COMPLETED while the status API says PENDING leaves the order unpaid', async () => {
    const shopper = await register(app);
    const { order, merchantOrderId } = await phonePeOrder(shopper);
    const claim = {
      event: 'checkout.order.completed',
      payload: { merchantOrderId, orderId: 'OMO-forged', state: 'COMPLETED', amount: 49_900 },
    };
    const res = await webhook(claim);
    assert.equal(res.statusCode, 200, res.body);
    const after = await view(shopper, order.id);
    assert.deepEqual([after.status, after.paymentStatus], ['pending_payment', 'pending']);

    // Once PhonePe itself says COMPLETED, the same webhook (or a status read) completes it.
    phonePe.status.set(merchantOrderId, { state: 'COMPLETED' });
    assert.equal((await webhook(claim)).statusCode, 200);
    const paid = await view(shopper, order.id);
    assert.deepEqual([paid.status, paid.paymentStatus], ['placed', 'completed']);
  });

  test('a refund webhook claiming COMPLETED while the refund status API says PENDING leaves the refund pending', async () => {
    const shopper = await register(app);
    const { order, merchantOrderId } = await phonePeOrder(shopper);
    phonePe.status.set(merchantOrderId, { state: 'COMPLETED' });
    const status = await app.inject({
      method: 'GET',
      url: `/orders/${order.id}/payment-status`,
      headers: bearer(shopper.token),
    });
    assert.equal(status.json().data.paymentStatus, 'completed');
    const cancelled = await app.inject({
      method: 'POST',
      url: `/orders/${order.id}/cancel`,
      headers: bearer(shopper.token),
      payload: { reason: 'Ordered the wrong size' },
    });
    assert.equal(cancelled.statusCode, 200, cancelled.body);
    const refund = phonePe.refunds.at(-1)!.body;
    const claim = {
      event: 'pg.refund.completed',
      payload: {
        merchantRefundId: refund.merchantRefundId,
        originalMerchantOrderId: merchantOrderId,
        refundId: 'OMR-forged',
        amount: refund.amount,
        state: 'COMPLETED',
      },
    };
    assert.equal((await webhook(claim)).statusCode, 200);
    assert.deepEqual(
      (await view(shopper, order.id)).refunds.map((r) => [r.method, r.status]),
      [['gateway', 'pending']],
    );

    phonePe.refundStatus.set(String(refund.merchantRefundId), { state: 'COMPLETED' });
    assert.equal((await webhook(claim)).statusCode, 200);
    assert.deepEqual(
      (await view(shopper, order.id)).refunds.map((r) => [r.method, r.status]),
      [['gateway', 'completed']],
    );
  });
});

describe('tracking links', () => {
  /** A COD order of `shopper`, confirmed and packed by the operator. */
  async function packedOrder(shopper: Account): Promise<Order> {
    const res = await placeOrder(shopper, freshIp());
    assert.equal(res.statusCode, 201, res.body);
    const order: Order = res.json().data.order;
    for (const to of ['confirmed', 'packed']) {
      assert.equal((await storeStep(order.id, { to })).statusCode, 200);
    }
    return order;
  }

  test('the operator cannot ship with a javascript: or data: tracking link (400)', async () => {
    const shopper = await register(app);
    const order = await packedOrder(shopper);
    for (const trackingUrl of ['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>']) {
      const res = await storeStep(order.id, {
        to: 'shipped',
        courier: 'Blue Dart',
        awb: 'BD123',
        trackingUrl,
      });
      assertRefused(res, 400, `Invalid body: trackingUrl: ${ORDER_MESSAGES.trackingUrlInvalid}`);
    }
    assert.equal((await view(shopper, order.id)).status, 'packed');
  });

  test('a Shiprocket track_url that is not http(s) never reaches the shopper', async () => {
    const shopper = await register(app);
    const order = await packedOrder(shopper);
    const shipped = await storeStep(order.id, { to: 'shipped', courier: 'Delhivery', awb: 'SR1' });
    assert.equal(shipped.statusCode, 200, shipped.body);
    shiprocket.trackUrl = 'javascript:alert(document.cookie)';
    const res = await app.inject({
      method: 'GET',
      url: `/api/shipping/track/${order.id}`,
      headers: bearer(shopper.token),
    });
    assert.equal(res.statusCode, 200, res.body);
    const tracking: Tracking = res.json().data;
    assert.equal(tracking.provider, 'shiprocket');
    assert.equal(tracking.trackingUrl, null);
  });
});

describe('coupon and gift card code lookups', () => {
  const lookup = (ip: string, code: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/coupons/code/${code}`, remoteAddress: ip, headers });

  test('GET /coupons/code/:code from one address: the lookup after 60 is 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i += 1) assert.equal((await lookup(ip, `GUESS${i}`)).statusCode, 404);
    assertLimited(await lookup(ip, 'GUESS60'), AUTH_MESSAGES.tooManyRequests);
  });

  test('one account guessing codes from many addresses: the lookup after 30 is 429', async () => {
    const guesser = await register(app);
    const validate = (code: string) =>
      app.inject({
        method: 'POST',
        url: '/coupons/validate',
        remoteAddress: freshIp(),
        headers: bearer(guesser.token),
        payload: { code, items: [{ productId: product.id, quantity: 1 }] },
      });
    for (let i = 0; i < 30; i += 1) assert.equal((await validate(`GUESS${i}`)).statusCode, 404);
    assertLimited(await validate('GUESS30'), AUTH_MESSAGES.tooManyRequests);
  });

  test('gift card codes sent with POST /orders share the address’s lookups', async () => {
    const ip = freshIp();
    const guesser = await register(app);
    for (let i = 0; i < 60; i += 1) assert.equal((await lookup(ip, `GIFT${i}`)).statusCode, 404);
    assertLimited(
      await placeOrder(guesser, ip, 'cod', { additionalCoupon: 'GIFT-0060-GUESS' }),
      AUTH_MESSAGES.tooManyRequests,
    );
  });
});

describe('uploads', () => {
  /** POST /reviews as a multipart form with `photos`. */
  async function postReview(account: Account, productId: string, photos: Buffer[]) {
    const form = new FormData();
    form.set('productId', productId);
    form.set('rating', '4');
    form.set('title', 'Lovely kurta');
    form.set('body', 'Soft cotton, true to size.');
    photos.forEach((photo, i) => form.append('photos', new Blob([photo], { type: 'image/jpeg' }), `IMG_${i}.jpg`));
    const body = await multipart(form);
    return app.inject({
      method: 'POST',
      url: '/reviews',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(account.token) },
    });
  }

  /** A JPEG of random pixels (it compresses badly, as photos do), `width`×`height`. */
  const noisePhoto = (width: number, height: number) =>
    sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer();

  const storedReviewFiles = () => {
    const dir = path.join(ctx.dataDir, 'files', 'reviews');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };

  test('a review photo carrying the GPS position of the shopper is published without it (WebP, ≤ 1600 px)', async () => {
    const shopper = await register(app);
    const photo = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#8a1a42' } })
      .jpeg()
      .withExifMerge({
        IFD0: { Make: 'Phone', Model: 'Camera' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '12/1 58/1 2/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '77/1 35/1 40/1',
        },
      })
      .toBuffer();
    assert.ok((await sharp(photo).metadata()).exif, 'the upload carries EXIF');

    const res = await postReview(shopper, products[1]!.id, [photo]);
    assert.equal(res.statusCode, 201, res.body);
    const [stored] = res.json().data.review.photos as { url: string }[];
    const served = await app.inject({ method: 'GET', url: new URL(stored!.url).pathname });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    assert.equal(meta.format, 'webp');
    assert.equal(meta.exif, undefined, 'no EXIF, so no GPS position');
    assert.equal(meta.xmp, undefined);
    assert.deepEqual([meta.width, meta.height], [1600, 1200]);
  });

  test('a small file declaring a huge image (a decompression bomb) is refused before it is decoded', async () => {
    const shopper = await register(app);
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    assert.ok(bomb.length < 5 * 1024 * 1024, 'within the size limit');
    const files = storedReviewFiles().length;
    assertRefused(await postReview(shopper, products[3]!.id, [bomb]), 413, photoTooManyPixels(50));
    assert.equal(storedReviewFiles().length, files, 'no file kept');
  });

  test('one account posting review after review is refused after REVIEW_POSTS_PER_HOUR (429)', async () => {
    const spammer = await register(app);
    for (let i = 0; i < REVIEW_POSTS_PER_HOUR; i += 1) {
      assert.equal((await postReview(spammer, products[i]!.id, [])).statusCode, 201);
    }
    assertLimited(await postReview(spammer, products[REVIEW_POSTS_PER_HOUR]!.id, []), REVIEW_MESSAGES.tooManyReviews);
  });

  test('photos past the account’s upload quota are refused and nothing is stored', async () => {
    const shopper = await register(app);
    const first = await postReview(shopper, products[1]!.id, [await noisePhoto(1200, 900)]);
    assert.equal(first.statusCode, 201, first.body);
    const reviewsOf = async (productId: string): Promise<number> =>
      (await app.inject({ method: 'GET', url: `/reviews/product/${productId}` })).json().data.stats.total;
    const files = storedReviewFiles().length;
    const reviews = await reviewsOf(products[2]!.id);

    const second = await postReview(shopper, products[2]!.id, [await noisePhoto(1200, 900)]);
    assertRefused(second, 413, uploadQuotaExceeded(QUOTA_MB));
    assert.equal(storedReviewFiles().length, files, 'no file kept');
    assert.equal(await reviewsOf(products[2]!.id), reviews, 'no review kept');
  });
});

describe('per-address limits and TRUST_PROXY', () => {
  /** An attempt that holds nothing (empty cart: 400) but counts as an order attempt. */
  const emptyOrder = (account: Account, remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/orders',
      remoteAddress,
      headers: { ...bearer(account.token), 'x-forwarded-for': forwardedFor },
      payload: { shippingAddress: BENGALURU_ADDRESS, paymentMethod: 'cod' },
    });
  const lookup = (target: FastifyInstance, remoteAddress: string, forwardedFor: string, code: string) =>
    target.inject({
      method: 'GET',
      url: `/coupons/code/${code}`,
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  test('TRUST_PROXY off (the default): a forged X-Forwarded-For does not make a new address', async () => {
    const ip = freshIp();
    for (let i = 0; i < 60; i += 1)
      assert.equal((await lookup(app, ip, `198.51.100.${i}`, `CODE${i}`)).statusCode, 404);
    assertLimited(await lookup(app, ip, '198.51.100.200', 'CODE60'), AUTH_MESSAGES.tooManyRequests);

    const orderIp = freshIp();
    const accounts = await Promise.all([register(app), register(app), register(app), register(app)]);
    for (let i = 0; i < ATTEMPTS_PER_ADDRESS; i += 1) {
      const res = await emptyOrder(accounts[i % 3]!, orderIp, `203.0.113.${i}`);
      assertRefused(res, 400, ORDER_MESSAGES.itemsRequired);
    }
    assertLimited(await emptyOrder(accounts[3]!, orderIp, '203.0.113.200'), ORDER_MESSAGES.tooManyAttempts);
  });

  test('TRUST_PROXY set to the proxy: each client behind it is counted on its own address', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const proxy = '127.0.0.1';
      for (let i = 0; i < 60; i += 1) {
        assert.equal((await lookup(proxied.app, proxy, '198.51.100.7', `CODE${i}`)).statusCode, 404);
      }
      assertLimited(await lookup(proxied.app, proxy, '198.51.100.7', 'CODE60'), AUTH_MESSAGES.tooManyRequests);
      assert.equal((await lookup(proxied.app, proxy, '198.51.100.8', 'CODE60')).statusCode, 404, 'another client');

      const accounts = await Promise.all([1, 2, 3, 4].map(() => register(proxied.app)));
      const attempt = (account: Account, client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/orders',
          remoteAddress: proxy,
          headers: { ...bearer(account.token), 'x-forwarded-for': client },
          payload: { shippingAddress: BENGALURU_ADDRESS, paymentMethod: 'cod' },
        });
      for (let i = 0; i < ATTEMPTS_PER_ADDRESS; i += 1) {
        assertRefused(await attempt(accounts[i % 3]!, '203.0.113.7'), 400, ORDER_MESSAGES.itemsRequired);
      }
      assertLimited(await attempt(accounts[3]!, '203.0.113.7'), ORDER_MESSAGES.tooManyAttempts);
      assertRefused(await attempt(accounts[3]!, '203.0.113.8'), 400, ORDER_MESSAGES.itemsRequired);
    } finally {
      await proxied.close();
    }
  });
});
