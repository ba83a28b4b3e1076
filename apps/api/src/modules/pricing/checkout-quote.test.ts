/**
 * POST /checkout/quote against bad input and attacks (behaviour.md §4 Pricing, §14, §15): login
 * before the body is read, a cookie only from the storefront's origin, a clear 400 for a
 * malformed body, lines and codes that cannot be used named in `messages`, only the caller's
 * own cart priced, and codes counted against the shared code-lookup budget.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES, CART_MESSAGES, COUPON_MESSAGES } from '@vastra/contracts';
import type { FastifyInstance } from 'fastify';
import { bearer, freshIp, fromStorefront, register, type Account } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let app: FastifyInstance;
let product: TestProduct;
let shopper: Account;

before(async () => {
  ctx = await createTestApp();
  app = ctx.app;
  [product] = (await pickProducts(ctx.database.db, 1)) as [TestProduct];
  await setStock(ctx.database.db, product.variants[0]!.id, 20);
  shopper = await register(app);
});
after(() => ctx.close());

const line = (quantity = 1) => ({ productId: product.id, variantId: product.variants[0]!.id, quantity });
const quote = (payload: unknown, headers: Record<string, string> = bearer(shopper.token), ip = freshIp()) =>
  app.inject({ method: 'POST', url: '/checkout/quote', headers, remoteAddress: ip, payload: payload as object });

describe('who may ask', () => {
  test('no session is 401, before the body is looked at', async () => {
    for (const payload of [{ items: [line()] }, { items: 'not a list' }]) {
      const res = await quote(payload, {});
      assert.equal(res.statusCode, 401, res.body);
    }
  });

  test("the session cookie from another site's page is refused (403)", async () => {
    const res = await quote({ items: [line()] }, { cookie: shopper.cookie, origin: 'https://evil.example' });
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(res.json().message, AUTH_MESSAGES.originNotAllowed);
    assert.equal((await quote({ items: [line()] }, fromStorefront(shopper.cookie))).statusCode, 200);
  });

  test("without items the caller's own cart is priced, never another shopper's", async () => {
    const other = await register(app);
    const added = await app.inject({
      method: 'POST',
      url: '/cart/add',
      headers: bearer(other.token),
      payload: line(2),
    });
    assert.equal(added.statusCode, 200, added.body);
    const mine = await quote({});
    assert.equal(mine.statusCode, 200, mine.body);
    assert.deepEqual(mine.json().data.lines, []);
    const theirs = (await quote({}, bearer(other.token))).json().data;
    assert.equal(theirs.lines.length, 1);
    assert.equal(theirs.lines[0].quantity, 2);
  });
});

describe('bad input', () => {
  test('a malformed body is a 400 with a message, and prices nothing', async () => {
    for (const payload of [
      { items: 'not a list' },
      { items: [line(0)] },
      { items: [{ ...line(), quantity: 1.5 }] },
      { items: [{ productId: 'x', variantId: 'y', quantity: 1 }] },
      { items: [line()], coupon: 'C'.repeat(41) },
      { items: [line()], stateCode: 7 },
    ]) {
      const res = await quote(payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      assert.equal(res.json().success, false);
      assert.ok(res.json().message.length > 0);
    }
  });

  test('a size of another product and an unknown coupon are left out with their messages', async () => {
    const [, other] = (await pickProducts(ctx.database.db, 2)) as [TestProduct, TestProduct];
    const res = await quote({
      items: [line(), { productId: product.id, variantId: other.variants[0]!.id, quantity: 1 }],
      coupon: 'NOSUCHCODE',
    });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.lines.length, 1);
    assert.equal(data.coupon, null);
    assert.deepEqual(data.messages, [
      { field: 'items', message: CART_MESSAGES.variantNotFound },
      { field: 'coupon', message: COUPON_MESSAGES.notFound },
    ]);
  });
});

test('codes sent with quotes count against the code-lookup budget: the 31st from one account is 429', async () => {
  const guesser = await register(app);
  for (let i = 0; i < 30; i += 1) {
    const res = await quote({ items: [line()], coupon: `GUESS${i}` }, bearer(guesser.token));
    assert.equal(res.statusCode, 200, res.body);
  }
  const limited = await quote({ items: [line()], coupon: 'GUESS30' }, bearer(guesser.token));
  assert.equal(limited.statusCode, 429, limited.body);
  assert.equal(limited.json().message, AUTH_MESSAGES.tooManyRequests);
  assert.ok(limited.headers['retry-after']);
  // Re-quoting without a code (a quantity change) is not a lookup.
  assert.equal((await quote({ items: [line(2)] }, bearer(guesser.token))).statusCode, 200);
});
