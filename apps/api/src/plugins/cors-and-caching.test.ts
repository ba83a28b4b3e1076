/**
 * Cross-origin reads and browser caching through HTTP (docs/architecture.md "Cross-origin
 * calls and caching"): a script on the storefront, in the browser of a signed-in staff member,
 * gets no CORS permission to read the admin API (its preflights are refused too), while the
 * shopper API keeps answering the storefront; every answer with someone's data goes out with
 * `Cache-Control: no-store`, and the public catalogue keeps its own caching and its 304s.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Order, ReturnRequest } from '@vastra/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CATALOG_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../modules/catalog/answers';
import { bearer, fromStorefront, multipart, register, type Account } from '../test/accounts';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../test/harness';
import { PNG } from '../test/images';
import { createGiftCard, MANY_ORDERS_ENV } from '../test/orders';
import { deliver, piecesOf, placePaidOrder, sendReturn } from '../test/returns';
import { staffOfRole, type StaffLogin } from '../test/staff';

let ctx: TestContext;
let owner: StaffLogin;
let shopper: Account;
let order: Order;
let returnRequest: ReturnRequest;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  owner = await staffOfRole(ctx, 'owner');
  shopper = await register(ctx.app, { name: 'Meera Iyer', phone: '9123456780' });
  const [piece] = await piecesOf(ctx, 1, { blocked: false, pricePaise: 149_900 });
  order = await placePaidOrder(ctx, shopper, {
    items: [{ productId: piece!.productId, variantId: piece!.variantId, quantity: 1 }],
  });
  await deliver(ctx, order.id);
  const sent = await sendReturn(ctx, shopper, order.id, { reason: 'size' }, [
    { name: 'photo.png', type: 'image/png', body: PNG },
  ]);
  assert.equal(sent.status, 201, JSON.stringify(sent.body));
  returnRequest = sent.body.data.returnRequest;
  await createGiftCard(ctx.database.db, 'CACHE-TEST-GIFT-500', 500_00);
});
after(() => ctx.close());

/** The `Access-Control-*` headers of an answer. */
const corsHeaders = (res: LightMyRequestResponse) =>
  Object.keys(res.headers).filter((name) => name.startsWith('access-control-'));

/** What a storefront page's `fetch(url, { credentials: 'include' })` sends with the staff member's cookie. */
const fromStorefrontAsStaff = (url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie, origin: TEST_STOREFRONT_URL } });

/** A browser's preflight from the storefront before a request with `method` and a JSON body. */
const preflight = (url: string, method: string) =>
  ctx.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: TEST_STOREFRONT_URL,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type',
    },
  });

describe('the admin API across origins', () => {
  test("a storefront script gets no permission to read the admin API with a staff member's cookie", async () => {
    for (const url of [
      '/admin/api/customers',
      `/admin/api/customers/${shopper.userId}`,
      '/admin/api/orders/export',
      '/admin/api/auth/me',
      // The router decodes the path: the same route, the same refusal.
      '/%61dmin/api/customers',
    ]) {
      const res = await fromStorefrontAsStaff(url);
      // The cookie is valid (one site); only the missing CORS headers stop the browser handing the body over.
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      assert.deepEqual(corsHeaders(res), [], url);
    }
    // The admin app's page, built or not, is the API's own too. Before `npm run build -w
    // apps/admin` (a fresh clone's API tests run before the build) it is the 503 that says so.
    ctx.expectServerErrors(/^503 GET \/admin\/orders$/);
    assert.deepEqual(corsHeaders(await fromStorefrontAsStaff('/admin/orders')), []);
    const customers = await fromStorefrontAsStaff('/admin/api/customers');
    assert.ok(customers.body.includes(shopper.email), 'the answer a script would have read holds customers');
  });

  test('a preflight to the admin API is refused, with no Access-Control-Allow-* header', async () => {
    for (const [url, method] of [
      ['/admin/api/customers', 'GET'],
      ['/admin/api/orders/export', 'GET'],
      [`/admin/api/customers/${shopper.userId}/block`, 'POST'],
      ['/admin/api/auth/login', 'POST'],
      ['/%61dmin/api/customers', 'GET'],
    ] as const) {
      const res = await preflight(url, method);
      assert.equal(res.statusCode, 404, `${method} ${url}: ${res.body}`);
      assert.deepEqual(corsHeaders(res), [], `${method} ${url}`);
    }
  });

  test('the shopper API still answers the storefront, with credentials, and no other origin', async () => {
    const me = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: fromStorefront(shopper.cookie) });
    assert.equal(me.statusCode, 200, me.body);
    assert.equal(me.headers['access-control-allow-origin'], TEST_STOREFRONT_URL);
    assert.equal(me.headers['access-control-allow-credentials'], 'true');

    const put = await preflight('/cart/items/x', 'PUT');
    assert.equal(put.statusCode, 204, put.body);
    assert.equal(put.headers['access-control-allow-origin'], TEST_STOREFRONT_URL);
    assert.equal(put.headers['access-control-allow-credentials'], 'true');
    assert.match(String(put.headers['access-control-allow-methods']), /\bPUT\b/);
    assert.equal(put.headers['access-control-allow-headers'], 'content-type');

    const elsewhere = await ctx.app.inject({
      method: 'GET',
      url: '/auth/me',
      headers: { cookie: shopper.cookie, origin: 'https://evil.example' },
    });
    assert.equal(elsewhere.headers['access-control-allow-origin'], undefined);
  });
});

describe('Cache-Control', () => {
  test('every answer that carries personal data is no-store', async () => {
    const asShopper = bearer(shopper.token);
    const asStaff = { cookie: owner.cookie, origin: 'http://api.test' };
    const profile = new FormData();
    profile.set('name', 'Meera I.');
    const profileForm = await multipart(profile);
    const requests: InjectOptions[] = [
      { method: 'GET', url: '/auth/me', headers: asShopper },
      { method: 'GET', url: '/auth/me', headers: fromStorefront(shopper.cookie) },
      { method: 'POST', url: '/auth/login', payload: { email: shopper.email, password: shopper.password } },
      {
        method: 'PUT',
        url: '/auth/profile/full',
        payload: profileForm.payload,
        headers: { ...profileForm.headers, ...asShopper },
      },
      { method: 'GET', url: '/addresses', headers: asShopper },
      { method: 'GET', url: '/cart', headers: asShopper },
      { method: 'GET', url: '/wishlist', headers: asShopper },
      { method: 'GET', url: '/orders/my-orders', headers: asShopper },
      { method: 'GET', url: `/orders/${order.id}`, headers: asShopper },
      { method: 'GET', url: `/orders/getOrderConfirmation/${order.id}`, headers: asShopper },
      { method: 'GET', url: `/orders/${order.id}/invoice`, headers: asShopper },
      { method: 'GET', url: `/api/shipping/track/${order.id}`, headers: asShopper },
      { method: 'GET', url: '/orders/returns', headers: asShopper },
      { method: 'GET', url: new URL(returnRequest.files[0]!.url).pathname, headers: asShopper },
      {
        method: 'POST',
        url: '/coupons/validate',
        payload: { code: 'CACHE-TEST-GIFT-500', isGiftCard: true, preDiscountAmount: 1000 },
      },
      { method: 'GET', url: '/admin/api/customers', headers: asStaff },
      { method: 'GET', url: `/admin/api/customers/${shopper.userId}`, headers: asStaff },
      { method: 'GET', url: '/admin/api/orders', headers: asStaff },
      { method: 'GET', url: `/admin/api/orders/${order.id}`, headers: asStaff },
      { method: 'GET', url: '/admin/api/orders/export', headers: asStaff },
      { method: 'GET', url: '/admin/api/returns', headers: asStaff },
      { method: 'GET', url: '/admin/api/auth/me', headers: asStaff },
      { method: 'GET', url: '/admin/api/dashboard', headers: asStaff },
    ];
    for (const request of requests) {
      const res = await ctx.app.inject(request);
      const label = `${request.method} ${request.url}`;
      assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      assert.match(String(res.headers['cache-control']), /\bno-store\b/, label);
      assert.doesNotMatch(String(res.headers['cache-control']), /\bpublic\b|max-age/, label);
    }
  });

  test('a refusal is no-store too', async () => {
    for (const url of ['/auth/me', '/admin/api/customers', '/orders/my-orders']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      assert.equal(res.statusCode, 401, url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
    }
  });

  test('public catalogue answers keep their caching, and their 304s', async () => {
    for (const url of ['/products/search?limit=15', '/categories', '/homepage-sections']) {
      const first = await ctx.app.inject({ method: 'GET', url });
      assert.equal(first.headers['cache-control'], CATALOG_CACHE_CONTROL, url);
      const again = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { 'if-none-match': String(first.headers.etag) },
      });
      assert.equal(again.statusCode, 304, url);
      assert.equal(again.headers['cache-control'], CATALOG_CACHE_CONTROL, url);
    }
    const product = (await ctx.app.inject({ method: 'GET', url: '/products/search?limit=1' })).json().data
      .products[0] as { id: string };
    const reviews = await ctx.app.inject({ method: 'GET', url: `/reviews/product/${product.id}` });
    assert.equal(reviews.headers['cache-control'], REVALIDATE_CACHE_CONTROL);

    const photo = await ctx.app.inject({ method: 'GET', url: '/media/products/10011.jpg' });
    assert.equal(photo.statusCode, 200);
    assert.match(String(photo.headers['cache-control']), /^public, max-age=604800, immutable$/);
    const photoAgain = await ctx.app.inject({
      method: 'GET',
      url: '/media/products/10011.jpg',
      headers: { 'if-none-match': String(photo.headers.etag) },
    });
    assert.equal(photoAgain.statusCode, 304);
    assert.match(String(photoAgain.headers['cache-control']), /^public, max-age=604800, immutable$/);
    const placeholder = await ctx.app.inject({ method: 'GET', url: '/media/placeholder.svg' });
    assert.equal(placeholder.headers['cache-control'], 'public, max-age=604800, immutable');
  });
});
