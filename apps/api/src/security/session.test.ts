/**
 * The API's side (behaviour.md §6, §14, §15) of the session and the request: who the client is (TRUST_PROXY),
 * authentication before validation on every route that needs a login, security headers,
 * Secure cookies over https, request ids a client cannot forge into the log, and guest cart
 * ids kept out of the log. Each test performs the attack through `app.inject`.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES } from '@vastra/contracts';
import { uniqueEmail } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/harness';

type Operation = { method: string; url: string };

/** Routes anyone may call (their own checks decide): logins, the cart, catalogue, webhooks, /store. */
const PUBLIC = [
  /^POST \/auth\/(register|login|google-login|logout|forgot-password|reset-password)$/,
  /^POST \/auth\/phone\/(start|sign-in)$/,
  /^(GET|POST|PUT|DELETE) \/cart(\/|$)/,
  /^GET \/reviews\//,
  /^POST \/coupons\/validate$/,
  /^(GET|POST|DELETE) \/store\//,
  /^POST \/payments\/(phonepe|razorpay)\/webhook$/,
  /^POST \/webhooks\/whatsapp$/,
  // Staff sign-in: its 401 is a wrong password, not a missing session.
  /^POST \/admin\/api\/auth\/login$/,
];

/** Every documented operation that answers 401, with its path parameters filled in. */
function loginOperations(spec: { paths: Record<string, Record<string, { responses?: object }>> }): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([, op]) => op.responses && '401' in op.responses)
      .map(([method]) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, randomUUID()) }))
      .filter(({ method }) => method !== 'HEAD')
      .filter(({ method }) => !PUBLIC.some((re) => re.test(`${method} ${path}`))),
  );
}

describe('authentication comes before validation', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ seed: false });
  });
  after(() => ctx.close());

  test('POST /orders with an empty body and no session is 401, not "Your cart is empty"', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/orders', payload: {} });
    assert.equal(res.statusCode, 401, res.body);
    assert.equal(res.json().message, AUTH_MESSAGES.authRequired);
  });

  test('every route that needs a login answers 401 to a stranger, whatever the body', async () => {
    const operations = loginOperations(ctx.app.swagger() as Parameters<typeof loginOperations>[0]);
    assert.ok(operations.length >= 30, `only ${operations.length} login routes found`);
    const answers = await Promise.all(
      operations.map(async ({ method, url }) => {
        const res = await ctx.app.inject({
          method: method as 'GET',
          url: `${url}?page=-1&limit=bad`,
          ...(method === 'GET' || method === 'DELETE'
            ? {}
            : { payload: '{"not": [valid', headers: { 'content-type': 'application/json' } }),
        });
        return `${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')} ${res.statusCode}`;
      }),
    );
    assert.deepEqual(
      answers.filter((a) => !a.endsWith(' 401')),
      [],
      'these answered before authenticating',
    );
  });
});

describe('the client address and TRUST_PROXY', () => {
  const registerFrom = (ctx: TestContext, remoteAddress: string, forwardedFor?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { name: 'Proxy Test', email: uniqueEmail('proxy'), password: 'correct horse 1' },
    });

  describe('off (the default)', () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestApp({ seed: false, env: { AUTH_REGISTER_LIMIT_PER_HOUR: '2' } });
    });
    after(() => ctx.close());

    test('a client cannot dodge a per-address limit by naming another address in X-Forwarded-For', async () => {
      const statuses = [];
      for (const fake of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await registerFrom(ctx, '198.51.100.7', fake)).statusCode);
      }
      assert.deepEqual(statuses, [201, 201, 429]);
    });
  });

  describe('set to the proxy’s address', () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestApp({
        seed: false,
        env: { AUTH_REGISTER_LIMIT_PER_HOUR: '2', TRUST_PROXY: '127.0.0.1' },
      });
    });
    after(() => ctx.close());

    test('shoppers behind the proxy are counted by the address it forwards', async () => {
      const statuses = [];
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await registerFrom(ctx, '127.0.0.1', client)).statusCode);
      }
      assert.deepEqual(statuses, [201, 201, 201], 'three shoppers, three addresses');
      const same = [];
      for (let i = 0; i < 3; i++) same.push((await registerFrom(ctx, '127.0.0.1', '203.0.113.9')).statusCode);
      assert.deepEqual(same, [201, 201, 429], 'one shopper behind the proxy is still limited');
    });

    test('a client that is not the proxy cannot forward an address', async () => {
      const statuses = [];
      for (const fake of ['203.0.113.21', '203.0.113.22', '203.0.113.23']) {
        statuses.push((await registerFrom(ctx, '198.51.100.8', fake)).statusCode);
      }
      assert.deepEqual(statuses, [201, 201, 429]);
    });
  });

  test('a malformed TRUST_PROXY stops the start with its name', async () => {
    await assert.rejects(
      createTestApp({ seed: false, env: { TRUST_PROXY: 'the load balancer' } }),
      /TRUST_PROXY: must be/,
    );
  });
});

describe('headers, cookies and the log', () => {
  let ctx: TestContext;
  const lines: string[] = [];
  before(async () => {
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    ctx = await createTestApp({ seed: false, logStream, env: { LOG_LEVEL: 'info' } });
  });
  after(() => ctx.close());

  test('API answers carry helmet’s headers and a policy that allows nothing to run or frame them', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/health' });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'SAMEORIGIN');
    assert.equal(res.headers['referrer-policy'], 'strict-origin-when-cross-origin');
    assert.equal(res.headers['cross-origin-resource-policy'], 'same-site');
    const csp = String(res.headers['content-security-policy']);
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers['strict-transport-security'], undefined, 'no HSTS over plain http');
  });

  test('over plain http the session cookie is not Secure (browsers would drop it)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Plain Http', email: uniqueEmail('http'), password: 'correct horse 1' },
    });
    assert.equal(res.statusCode, 201);
    assert.doesNotMatch(String(res.headers['set-cookie']), /Secure/i);
    assert.match(String(res.headers['set-cookie']), /HttpOnly/i);
  });

  test('a forged request id is replaced by a generated UUID; a well-formed one is kept', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const forged = ['x', 'a'.repeat(200), 'ok" level=60 msg="admin logged in', 'id with spaces'];
    for (const given of forged) {
      const res = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': given } });
      assert.match(String(res.headers['x-request-id']), uuid, given);
    }
    assert.match(String((await ctx.app.inject({ method: 'GET', url: '/health' })).headers['x-request-id']), uuid);
    const kept = randomUUID();
    const res = await ctx.app.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': kept } });
    assert.equal(res.headers['x-request-id'], kept);
    assert.ok(!lines.join('').includes('admin logged in'), 'the forged id never reached the log');
  });

  test('guest cart ids and commerce cart ids never reach the log', async () => {
    const guestId = randomUUID();
    const cartId = `cart_${randomUUID().replaceAll('-', '')}`;
    await ctx.app.inject({ method: 'GET', url: `/cart?guestId=${guestId}` });
    await ctx.app.inject({ method: 'GET', url: `/store/carts/${cartId}?fields=*items` });
    const log = lines.join('');
    assert.ok(log.includes('/cart?guestId=[masked]'), 'the request was logged');
    assert.ok(!log.includes(guestId), 'a guest id reached the log');
    assert.ok(!log.includes(cartId), 'a cart id reached the log');
  });
});

describe('a public URL on https', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ seed: false, env: { PUBLIC_URL: 'https://api.shop.test' } });
  });
  after(() => ctx.close());

  test('makes the session cookie Secure and sends HSTS, whatever NODE_ENV says', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { name: 'Https', email: uniqueEmail('https'), password: 'correct horse 1' },
    });
    assert.equal(res.statusCode, 201);
    assert.match(String(res.headers['set-cookie']), /auth_token=[^;]+;.*\bSecure\b/i);
    assert.match(String(res.headers['strict-transport-security']), /max-age=31536000; includeSubDomains/);
  });
});
