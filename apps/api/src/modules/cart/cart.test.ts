/**
 * The cart through HTTP (behaviour.md §7 Cart): guest and user carts, guest ids, quantities and stock,
 * sizes of other products, live prices, someone else's items, merging, clearing and the
 * clean-up of idle guest carts.
 */
import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { AUTH_MESSAGES, CART_MESSAGES, onlyLeftInStock, type Cart } from '@vastra/contracts';
import { bearer, fromStorefront, register, type Account } from '../../test/accounts';
import {
  pickProducts,
  setPricePaise,
  setProductActive,
  setStock,
  unknownId,
  type TestProduct,
} from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { CartService } from './service';
import { CatalogService } from '../catalog/service';

let ctx: TestContext;
let products: TestProduct[];

before(async () => {
  ctx = await createTestApp();
  products = await pickProducts(ctx.database.db, 6, { minVariants: 3 });
  for (const p of products) for (const v of p.variants) await setStock(ctx.database.db, v.id, 10);
});
after(() => ctx.close());

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
function newGuestId(): string {
  return `guest_${Array.from({ length: 25 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;
}

type Answer = { status: number; body: { success: boolean; message?: string; data: { cart: Cart } } };

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers = {}) {
  const res = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}), headers });
  return { status: res.statusCode, body: res.json() } as Answer;
}

const add = (product: TestProduct, variant: number, quantity: number, owner: { guestId?: string; headers?: object }) =>
  call(
    'POST',
    '/cart/add',
    { productId: product.id, variantId: product.variants[variant]!.id, quantity, guestId: owner.guestId },
    owner.headers,
  );

const guestCart = async (guestId: string) => (await call('GET', `/cart?guestId=${guestId}`)).body.data.cart;
const userCart = async (account: Account) =>
  (await call('GET', '/cart', undefined, bearer(account.token))).body.data.cart;
const lineOf = (cart: Cart, variantId: string) => cart.items.find((i) => i.variantId === variantId);

describe('a guest cart', () => {
  test('adding answers the cart with product, size, line totals, item count and total in rupees', async () => {
    const guestId = newGuestId();
    const [p] = products;
    const res = await add(p!, 0, 2, { guestId });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, CART_MESSAGES.added);
    const { cart } = res.body.data;
    assert.equal(cart.guestId, guestId);
    assert.equal(cart.isActive, true);
    assert.equal(cart.items.length, 1);
    const item = cart.items[0]!;
    const variant = p!.variants[0]!;
    assert.equal(item.productId, p!.id);
    assert.equal(item.variantId, variant.id);
    assert.equal(item.quantity, 2);
    assert.equal(item.product.name, p!.name);
    assert.ok(item.product.images.length > 0 && item.product.images[0]!.url.startsWith('http://api.test/'));
    assert.equal(item.product.variants.length, p!.variants.length);
    assert.equal(item.variant.size, variant.size);
    assert.equal(item.price, variant.pricePaise / 100);
    assert.equal(item.lineTotal, (variant.pricePaise * 2) / 100);
    assert.ok(item.variant.mrp >= item.variant.price);
    assert.equal(item.priceChanged, false);
    assert.equal(cart.itemCount, 2);
    assert.equal(cart.totalAmount, item.lineTotal);
    assert.deepEqual(await guestCart(guestId), cart);
  });

  test('the same size again adds to its line; another size gets its own line', async () => {
    const guestId = newGuestId();
    const [, p] = products;
    await add(p!, 0, 1, { guestId });
    await add(p!, 0, 2, { guestId });
    const { cart } = (await add(p!, 1, 1, { guestId })).body.data;
    assert.equal(cart.items.length, 2);
    assert.equal(lineOf(cart, p!.variants[0]!.id)!.quantity, 3);
    assert.equal(lineOf(cart, p!.variants[1]!.id)!.quantity, 1);
    assert.equal(cart.itemCount, 4);
    const expected = cart.items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0) / 100;
    assert.equal(cart.totalAmount, expected);
  });

  test('before the first add the cart is empty with no id, and nothing is stored by looking', async () => {
    const guestId = newGuestId();
    const cart = await guestCart(guestId);
    assert.equal(cart.id, null);
    assert.deepEqual(cart.items, []);
    assert.equal(cart.totalAmount, 0);
    assert.equal(cart.guestId, guestId);
  });

  test('without a session or a guest id the cart is refused with 400', async () => {
    const res = await call('GET', '/cart');
    assert.equal(res.status, 400);
    assert.equal(res.body.message, CART_MESSAGES.ownerRequired);
  });

  for (const bad of [
    'guest_abc',
    'guest_ABCDEFGHIJKLMNOPQRSTUVWXY',
    'guest_abcdefghijklmnopqrstuvwxyz',
    'user_abcdefghijklmnopqrstuvwxy',
    'guest_abcdefghijklmnopqrstu-wx',
    `guest_${'a'.repeat(24)}`,
  ]) {
    test(`a malformed guest id (${bad}) is refused with 400 on read and write`, async () => {
      const read = await call('GET', `/cart?guestId=${encodeURIComponent(bad)}`);
      assert.equal(read.status, 400);
      assert.equal(read.body.message, CART_MESSAGES.invalidGuestId);
      const write = await add(products[0]!, 0, 1, { guestId: bad });
      assert.equal(write.status, 400);
      assert.equal(write.body.message, CART_MESSAGES.invalidGuestId);
    });
  }

  for (const [quantity, message] of [
    [0, CART_MESSAGES.quantity],
    [-1, CART_MESSAGES.quantity],
    [1.5, CART_MESSAGES.quantity],
    ['2', CART_MESSAGES.quantity],
    [21, CART_MESSAGES.quantityTooLarge],
  ] as const) {
    test(`quantity ${JSON.stringify(quantity)} is refused with 400 and stores nothing`, async () => {
      const guestId = newGuestId();
      const p = products[0]!;
      const res = await call('POST', '/cart/add', {
        productId: p.id,
        variantId: p.variants[0]!.id,
        quantity,
        guestId,
      });
      assert.equal(res.status, 400);
      assert.equal(res.body.message, message);
      assert.equal((await guestCart(guestId)).id, null);
    });
  }

  test('a size of another product is 400, an unknown size or product 404, and a refused first add stores no cart', async () => {
    const guestId = newGuestId();
    const [a, b] = products;
    const mixed = await call('POST', '/cart/add', {
      productId: a!.id,
      variantId: b!.variants[0]!.id,
      quantity: 1,
      guestId,
    });
    assert.equal(mixed.status, 400);
    assert.equal(mixed.body.message, CART_MESSAGES.variantNotFound);
    const unknown = await call('POST', '/cart/add', { productId: a!.id, variantId: unknownId(), quantity: 1, guestId });
    assert.equal(unknown.status, 404);
    const missing = await call('POST', '/cart/add', { productId: a!.id, quantity: 1, guestId });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, CART_MESSAGES.variantRequired);
    assert.equal((await guestCart(guestId)).id, null);
  });

  test('a withdrawn product cannot be added, and one withdrawn after adding is flagged and left out of the total', async () => {
    const guestId = newGuestId();
    const [, , p, q] = products;
    await add(q!, 0, 1, { guestId });
    await add(p!, 0, 1, { guestId });
    await setProductActive(ctx.database.db, p!.id, false);
    try {
      const refused = await add(p!, 1, 1, { guestId });
      assert.equal(refused.status, 404);
      assert.equal(refused.body.message, CART_MESSAGES.productUnavailable);
      const cart = await guestCart(guestId);
      const withdrawn = lineOf(cart, p!.variants[0]!.id)!;
      assert.equal(withdrawn.isAvailable, false);
      assert.equal(cart.totalAmount, lineOf(cart, q!.variants[0]!.id)!.lineTotal);
    } finally {
      await setProductActive(ctx.database.db, p!.id, true);
    }
  });

  test('prices are read live: a changed price shows in the line and the total, and the line says it changed', async () => {
    const guestId = newGuestId();
    const p = products[3]!;
    const variant = p.variants[2]!;
    await add(p, 2, 2, { guestId });
    await setPricePaise(ctx.database.db, variant.id, variant.pricePaise + 10050);
    try {
      const line = lineOf(await guestCart(guestId), variant.id)!;
      assert.equal(line.priceChanged, true);
      assert.equal(line.priceAtAdd, variant.pricePaise / 100);
      assert.equal(line.price, (variant.pricePaise + 10050) / 100);
      assert.equal(line.lineTotal, ((variant.pricePaise + 10050) * 2) / 100);
    } finally {
      await setPricePaise(ctx.database.db, variant.id, variant.pricePaise);
    }
  });
});

describe('stock limits', () => {
  test('adding beyond the stock is 409 with how many are left, and the line keeps its quantity', async () => {
    const guestId = newGuestId();
    const p = products[4]!;
    const variant = p.variants[0]!;
    await setStock(ctx.database.db, variant.id, 3);
    try {
      assert.equal((await add(p, 0, 2, { guestId })).status, 200);
      const over = await add(p, 0, 2, { guestId });
      assert.equal(over.status, 409);
      assert.equal(over.body.message, onlyLeftInStock(3));
      assert.equal(onlyLeftInStock(3), 'Only 3 left in stock for this size.');
      assert.equal(lineOf(await guestCart(guestId), variant.id)!.quantity, 2);

      const itemId = lineOf(await guestCart(guestId), variant.id)!.id;
      const tooMany = await call('PUT', `/cart/items/${itemId}`, { quantity: 4, guestId });
      assert.equal(tooMany.status, 409);
      const exact = await call('PUT', `/cart/items/${itemId}`, { quantity: 3, guestId });
      assert.equal(exact.status, 200);
      assert.equal(exact.body.message, CART_MESSAGES.updated);
      assert.equal(lineOf(exact.body.data.cart, variant.id)!.quantity, 3);

      await setStock(ctx.database.db, variant.id, 1);
      const line = lineOf(await guestCart(guestId), variant.id)!;
      assert.equal(line.exceedsStock, true);
      await setStock(ctx.database.db, variant.id, 0);
      const soldOut = await add(p, 0, 1, { guestId: newGuestId() });
      assert.equal(soldOut.status, 409);
      assert.equal(soldOut.body.message, CART_MESSAGES.outOfStock);
    } finally {
      await setStock(ctx.database.db, variant.id, 10);
    }
  });

  test('adds racing for the last pieces never put more than the stock in one line', async () => {
    const guestId = newGuestId();
    const p = products[4]!;
    const variant = p.variants[1]!;
    await setStock(ctx.database.db, variant.id, 3);
    try {
      await add(p, 1, 1, { guestId });
      const results = await Promise.all(Array.from({ length: 6 }, () => add(p, 1, 1, { guestId })));
      assert.equal(results.filter((r) => r.status === 200).length, 2);
      assert.ok(results.every((r) => r.status === 200 || r.status === 409));
      assert.equal(lineOf(await guestCart(guestId), variant.id)!.quantity, 3);
    } finally {
      await setStock(ctx.database.db, variant.id, 10);
    }
  });
});

describe('updating, removing and clearing', () => {
  test("someone else's item id, an unknown one and a malformed one are all 404 and change nothing", async () => {
    const owner = newGuestId();
    const other = newGuestId();
    const p = products[5]!;
    const cart = (await add(p, 0, 1, { guestId: owner })).body.data.cart;
    await add(p, 1, 1, { guestId: other });
    const itemId = cart.items[0]!.id;
    const account = await register(ctx.app);

    for (const [label, res] of [
      ['other guest update', await call('PUT', `/cart/items/${itemId}`, { quantity: 2, guestId: other })],
      ['other guest delete', await call('DELETE', `/cart/items/${itemId}`, { guestId: other })],
      ['user delete', await call('DELETE', `/cart/items/${itemId}`, {}, bearer(account.token))],
      ['unknown', await call('PUT', `/cart/items/${unknownId()}`, { quantity: 2, guestId: owner })],
      ['malformed', await call('DELETE', '/cart/items/not-an-id', { guestId: owner })],
    ] as const) {
      assert.equal(res.status, 404, label);
      assert.equal(res.body.message, CART_MESSAGES.itemNotFound, label);
    }
    assert.deepEqual(
      (await guestCart(owner)).items.map((i) => i.quantity),
      [1],
    );
  });

  test('removing a line (guest id in the body or the query) and clearing the cart', async () => {
    const guestId = newGuestId();
    const p = products[5]!;
    await add(p, 0, 1, { guestId });
    const cart = (await add(p, 1, 2, { guestId })).body.data.cart;
    const removed = await call('DELETE', `/cart/items/${cart.items[0]!.id}`, { guestId });
    assert.equal(removed.status, 200);
    assert.equal(removed.body.message, CART_MESSAGES.removed);
    assert.equal(removed.body.data.cart.items.length, 1);
    const byQuery = await call('DELETE', `/cart/items/${cart.items[1]!.id}?guestId=${guestId}`);
    assert.equal(byQuery.status, 200);
    assert.equal(byQuery.body.data.cart.items.length, 0);

    await add(p, 2, 1, { guestId });
    const cleared = await call('DELETE', '/cart/clear', { guestId });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.body.message, CART_MESSAGES.cleared);
    assert.equal(cleared.body.data.cart.itemCount, 0);
    assert.equal((await guestCart(guestId)).items.length, 0);
  });
});

describe('a user cart', () => {
  test("a logged-in caller's cart is the user's, whatever guest id comes with the request", async () => {
    const account = await register(ctx.app);
    const guestId = newGuestId();
    const p = products[0]!;
    const res = await add(p, 1, 1, { guestId, headers: bearer(account.token) });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.cart.guestId, null);
    assert.equal((await userCart(account)).items.length, 1);
    assert.equal((await guestCart(guestId)).id, null);
  });

  test('a cookie session works from the storefront; from another site the write is 403 and nothing changes', async () => {
    const account = await register(ctx.app);
    const p = products[1]!;
    const ok = await add(p, 0, 1, { headers: fromStorefront(account.cookie) });
    assert.equal(ok.status, 200);
    const evil = await add(p, 0, 1, { headers: { cookie: account.cookie, origin: 'https://evil.example' } });
    assert.equal(evil.status, 403);
    assert.equal((await userCart(account)).items[0]!.quantity, 1);
  });

  test('a session that no longer works is 401, not a guest cart', async () => {
    const res = await call('GET', '/cart', undefined, bearer('not.a.token'));
    assert.equal(res.status, 401);
    assert.equal(res.body.message, AUTH_MESSAGES.sessionExpired);
  });

  test('clearing a user cart', async () => {
    const account = await register(ctx.app);
    await add(products[2]!, 0, 2, { headers: bearer(account.token) });
    const res = await call('DELETE', '/cart/clear', undefined, bearer(account.token));
    assert.equal(res.status, 200);
    assert.equal((await userCart(account)).items.length, 0);
  });
});

describe('POST /cart/merge', () => {
  test("adds the guest's lines to the user's (capped at stock), closes the guest cart, and is idempotent", async () => {
    const account = await register(ctx.app);
    const guestId = newGuestId();
    const [p, q] = [products[2]!, products[3]!];
    const capped = p.variants[1]!;
    await setStock(ctx.database.db, capped.id, 4);
    try {
      await add(p, 1, 3, { headers: bearer(account.token) });
      await add(p, 1, 3, { guestId });
      await add(q, 0, 2, { guestId });

      const merged = await call('POST', '/cart/merge', { guestId }, bearer(account.token));
      assert.equal(merged.status, 200, JSON.stringify(merged.body));
      assert.equal(merged.body.message, CART_MESSAGES.merged);
      const cart = merged.body.data.cart;
      assert.equal(lineOf(cart, capped.id)!.quantity, 4);
      assert.equal(lineOf(cart, q.variants[0]!.id)!.quantity, 2);
      assert.equal(cart.itemCount, 6);
      assert.equal((await guestCart(guestId)).id, null, 'the guest cart is closed');

      const again = await call('POST', '/cart/merge', { guestId }, bearer(account.token));
      assert.equal(again.status, 200);
      assert.deepEqual(
        again.body.data.cart.items.map((i) => [i.variantId, i.quantity]),
        cart.items.map((i) => [i.variantId, i.quantity]),
      );
    } finally {
      await setStock(ctx.database.db, capped.id, 10);
    }
  });

  test('merging into a user without a cart gives the user the guest lines', async () => {
    const account = await register(ctx.app);
    const guestId = newGuestId();
    await add(products[4]!, 2, 1, { guestId });
    const res = await call('POST', '/cart/merge', { guestId }, bearer(account.token));
    assert.equal(res.body.data.cart.items.length, 1);
    assert.equal((await userCart(account)).items.length, 1);
  });

  test('needs a login (401) and a well-formed guest id (400)', async () => {
    const anonymous = await call('POST', '/cart/merge', { guestId: newGuestId() });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.message, AUTH_MESSAGES.authRequired);
    const account = await register(ctx.app);
    const bad = await call('POST', '/cart/merge', { guestId: 'guest_nope' }, bearer(account.token));
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, CART_MESSAGES.invalidGuestId);
  });
});

describe('clean-up', () => {
  test('guest carts untouched for 30 days are removed; fresh guest carts and user carts stay', async () => {
    const carts = new CartService(
      ctx.database.db,
      new CatalogService(ctx.database.db, { mediaBaseUrl: '', cacheTtlMs: 0 }),
    );
    const idle = newGuestId();
    const fresh = newGuestId();
    const account = await register(ctx.app);
    await add(products[0]!, 0, 1, { guestId: idle });
    await add(products[0]!, 0, 1, { guestId: fresh });
    await add(products[0]!, 0, 1, { headers: bearer(account.token) });
    await ctx.database.db.execute(
      sql`UPDATE carts SET updated_at = now() - interval '31 days' WHERE guest_id = ${idle} OR user_id = ${account.userId}::uuid`,
    );
    const removed = await carts.removeIdleGuestCarts(new Date(Date.now() - 30 * 24 * 60 * 60 * 1000));
    assert.ok(removed >= 1);
    assert.equal((await guestCart(idle)).id, null);
    assert.notEqual((await guestCart(fresh)).id, null);
    assert.equal((await userCart(account)).items.length, 1);
  });
});
