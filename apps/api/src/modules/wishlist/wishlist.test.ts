/**
 * The wishlist through HTTP (behaviour.md §7 Wishlist): login required, paging and counts, adding without
 * duplicates, default sizes, sizes of other products, removing, someone else's entries.
 *
 * @postgres: two adds at once race for one entry there.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES, WISHLIST_MESSAGES, type WishlistEntry } from '@vastra/contracts';
import { bearer, fromStorefront, register, type Account } from '../../test/accounts';
import { pickProducts, setProductActive, setStock, unknownId, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';

let ctx: TestContext;
let products: TestProduct[];

before(async () => {
  ctx = await createTestApp();
  products = await pickProducts(ctx.database.db, 14, { minVariants: 2 });
});
after(() => ctx.close());

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, account: Account | null, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: account ? bearer(account.token) : {},
  });
  return { status: res.statusCode, body: res.json() };
}

const addEntry = (account: Account, product: TestProduct, variant?: number) =>
  call('POST', '/wishlist/add', account, {
    productId: product.id,
    ...(variant === undefined ? {} : { variantId: product.variants[variant]!.id }),
  });

describe('wishlist', () => {
  test('every call needs a session: 401 Authentication required', async () => {
    for (const [method, url] of [
      ['GET', '/wishlist'],
      ['GET', '/wishlist/ids'],
      ['POST', '/wishlist/add'],
      ['DELETE', `/wishlist/${unknownId()}`],
    ] as const) {
      const res = await call(method, url, null, method === 'POST' ? { productId: products[0]!.id } : undefined);
      assert.equal(res.status, 401, `${method} ${url}`);
      assert.equal(res.body.message, AUTH_MESSAGES.authRequired);
    }
  });

  test('an empty wishlist: no entries, count 0, totalPages 0', async () => {
    const account = await register(ctx.app);
    const res = await call('GET', '/wishlist', account);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.data, { wishlist: [], count: 0, meta: { currentPage: 1, totalPages: 0, limit: 10 } });
  });

  test('adding answers the entry with product, size and price; the same size again is not duplicated', async () => {
    const account = await register(ctx.app);
    const p = products[0]!;
    const first = await addEntry(account, p, 1);
    assert.equal(first.status, 201);
    assert.equal(first.body.message, WISHLIST_MESSAGES.added);
    const item: WishlistEntry = first.body.data.item;
    assert.equal(item.productId, p.id);
    assert.equal(item.variantId, p.variants[1]!.id);
    assert.equal(item.product.name, p.name);
    assert.equal(item.variant.price, p.variants[1]!.pricePaise / 100);
    assert.ok(item.product.primaryImage?.url.startsWith('http://api.test/'));
    assert.ok(item.variant.images.length > 0);

    const again = await addEntry(account, p, 1);
    assert.equal(again.status, 200);
    assert.equal(again.body.message, WISHLIST_MESSAGES.alreadyAdded);
    assert.equal(again.body.data.item.id, item.id);
    const list = await call('GET', '/wishlist', account);
    assert.equal(list.body.data.count, 1);
    assert.equal(list.body.data.wishlist.length, 1);
  });

  test('two adds of the same size at once still make one entry', async () => {
    const account = await register(ctx.app);
    const results = await Promise.all([addEntry(account, products[1]!, 0), addEntry(account, products[1]!, 0)]);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 201]);
    assert.equal((await call('GET', '/wishlist', account)).body.data.count, 1);
  });

  test('without a size, the first size in stock is saved', async () => {
    const account = await register(ctx.app);
    const p = products[2]!;
    await setStock(ctx.database.db, p.variants[0]!.id, 0);
    try {
      const res = await addEntry(account, p);
      assert.equal(res.status, 201);
      assert.notEqual(res.body.data.item.variantId, p.variants[0]!.id);
      assert.equal(res.body.data.item.variant.inStock, true);
    } finally {
      await setStock(ctx.database.db, p.variants[0]!.id, 10);
    }
  });

  test('a size of another product is 400; an unknown product or size, or a withdrawn product, is 404', async () => {
    const account = await register(ctx.app);
    const [a, b] = products;
    const mixed = await call('POST', '/wishlist/add', account, { productId: a!.id, variantId: b!.variants[0]!.id });
    assert.equal(mixed.status, 400);
    assert.equal(mixed.body.message, WISHLIST_MESSAGES.variantInvalid);
    assert.equal((await call('POST', '/wishlist/add', account, { productId: unknownId() })).status, 404);
    assert.equal(
      (await call('POST', '/wishlist/add', account, { productId: a!.id, variantId: unknownId() })).status,
      404,
    );
    const bad = await call('POST', '/wishlist/add', account, { productId: 'nope' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, WISHLIST_MESSAGES.productRequired);
    await setProductActive(ctx.database.db, a!.id, false);
    try {
      assert.equal((await addEntry(account, a!, 0)).status, 404);
    } finally {
      await setProductActive(ctx.database.db, a!.id, true);
    }
    assert.equal((await call('GET', '/wishlist', account)).body.data.count, 0);
  });

  test('pages are newest first with the whole count and meta; ids lists every entry', async () => {
    const account = await register(ctx.app);
    const saved = products.slice(0, 12);
    for (const p of saved) assert.equal((await addEntry(account, p, 0)).status, 201);
    const first = await call('GET', '/wishlist', account);
    assert.equal(first.body.data.count, 12);
    assert.equal(first.body.data.wishlist.length, 10);
    assert.deepEqual(first.body.data.meta, { currentPage: 1, totalPages: 2, limit: 10 });
    assert.equal(first.body.data.wishlist[0].productId, saved[11]!.id);
    const second = await call('GET', '/wishlist?page=2&limit=10', account);
    assert.equal(second.body.data.wishlist.length, 2);
    assert.equal(second.body.data.wishlist[1].productId, saved[0]!.id);
    const ids = await call('GET', '/wishlist/ids', account);
    assert.equal(ids.body.data.entries.length, 12);
    assert.deepEqual(
      new Set(ids.body.data.entries.map((e: { productId: string }) => e.productId)),
      new Set(saved.map((p) => p.id)),
    );
  });

  test("removing: the entry goes; a malformed id is 400 Invalid wishlist ID; someone else's is 404", async () => {
    const owner = await register(ctx.app);
    const other = await register(ctx.app);
    const { item } = (await addEntry(owner, products[3]!, 0)).body.data;

    const stranger = await call('DELETE', `/wishlist/${item.id}`, other);
    assert.equal(stranger.status, 404);
    assert.equal(stranger.body.message, WISHLIST_MESSAGES.notFound);
    const malformed = await call('DELETE', '/wishlist/undefined', owner);
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.message, WISHLIST_MESSAGES.invalidId);
    assert.equal((await call('GET', '/wishlist', owner)).body.data.count, 1);

    const removed = await call('DELETE', `/wishlist/${item.id}`, owner);
    assert.equal(removed.status, 200);
    assert.deepEqual(removed.body, { success: true, message: WISHLIST_MESSAGES.removed });
    assert.equal((await call('GET', '/wishlist', owner)).body.data.count, 0);
    assert.equal((await call('DELETE', `/wishlist/${item.id}`, owner)).status, 404);
  });

  test("one user's wishlist is not another's", async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    await addEntry(a, products[4]!, 0);
    assert.equal((await call('GET', '/wishlist', b)).body.data.count, 0);
    assert.equal((await call('GET', '/wishlist/ids', b)).body.data.entries.length, 0);
  });

  test('with the cookie session, writes from another site are refused (403)', async () => {
    const account = await register(ctx.app);
    const evil = await ctx.app.inject({
      method: 'POST',
      url: '/wishlist/add',
      payload: { productId: products[5]!.id },
      headers: { cookie: account.cookie, origin: 'https://evil.example' },
    });
    assert.equal(evil.statusCode, 403);
    const fine = await ctx.app.inject({
      method: 'POST',
      url: '/wishlist/add',
      payload: { productId: products[5]!.id },
      headers: fromStorefront(account.cookie),
    });
    assert.equal(fine.statusCode, 201);
  });
});
