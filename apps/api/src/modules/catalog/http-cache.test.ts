/**
 * HTTP caching of the catalogue (answers.ts): every catalogue GET carries a strong ETag and a
 * public Cache-Control, and a request naming the current ETag gets 304 without a body; an
 * admin change and an order's change of stock give the next request the new answer (and a new
 * ETag) although answers are kept for ten minutes here, also when a read came between the change
 * and its commit; a product's reviews are kept too, checked by every cache on each use, and a
 * review posted, its author renamed or the review hidden shows at once; a shopper's own answers
 * are never public.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AdminRole, ProductDetail, ReviewsPage } from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { afterCommit, afterTransaction, queryRows, type Db } from '../../db/client';
import { bearer, multipart, register } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { placePaidOrder } from '../../test/returns';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';
import { CATALOG_CACHE_CONTROL, matches, REVALIDATE_CACHE_CONTROL } from './answers';

let ctx: TestContext;
let staff: StaffLogin;
let product: TestProduct;

before(async () => {
  ctx = await createTestApp({ env: { ...MANY_ORDERS_ENV, CATALOG_CACHE_TTL_MS: '600000' } });
  staff = await staffOfRole(ctx, 'staff' satisfies AdminRole);
  product = (await pickProducts(ctx.database.db, 1, { minVariants: 1, skip: 7 }))[0]!;
  await setStock(ctx.database.db, product.variants[0]!.id, 9);
});
after(() => ctx.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

const detailOf = async (id: string) => {
  const res = await get(`/products/${id}`);
  assert.equal(res.statusCode, 200, res.body);
  return { etag: String(res.headers.etag), product: res.json().data.product as ProductDetail };
};

describe('catalogue answers over HTTP', () => {
  it('carry a strong ETag and a public Cache-Control, and a current ETag gets 304 without a body', async () => {
    const urls = [
      '/products/search?limit=15',
      '/products/search?colors=Blue&gender=Men&sort=price_asc',
      `/products/${product.id}`,
      `/products/${product.id}/related`,
      '/categories',
      '/collections',
      '/homepage-sections',
    ];
    for (const url of urls) {
      const first = await get(url);
      assert.equal(first.statusCode, 200, `${url}: ${first.body}`);
      const etag = String(first.headers.etag);
      assert.match(etag, /^"[A-Za-z0-9_-]{27}"$/, `${url}: a strong ETag`);
      assert.equal(first.headers['cache-control'], CATALOG_CACHE_CONTROL, url);
      assert.match(String(first.headers['content-type']), /^application\/json/, url);

      const again = await get(url, { 'if-none-match': etag });
      assert.equal(again.statusCode, 304, url);
      assert.equal(again.body, '', `${url}: no body`);
      assert.equal(again.headers.etag, etag, url);
      assert.equal(again.headers['cache-control'], CATALOG_CACHE_CONTROL, url);

      const stale = await get(url, { 'if-none-match': '"an-old-etag"' });
      assert.equal(stale.statusCode, 200, url);
      assert.equal(stale.body, first.body, `${url}: the same answer`);
    }
  });

  it('an unknown product is a 404 that no cache keeps as the product', async () => {
    const res = await get('/products/no-such-product');
    assert.equal(res.statusCode, 404);
    assert.equal(res.headers.etag, undefined);
    assert.doesNotMatch(String(res.headers['cache-control'] ?? ''), /public/);
  });

  it('an admin change gives the next request the new product and a new ETag', async () => {
    // A name no other product has, so the search below finds this one in its first five.
    const named = await asStaff(ctx.app, staff, 'PATCH', `/admin/api/products/${product.id}`, {
      name: 'Zardozi Quokka Kurta',
    });
    assert.equal(named.statusCode, 200, named.body);
    const before = await detailOf(product.id);
    const search = `/products/search?search=${encodeURIComponent('Zardozi Quokka')}&limit=5`;
    assert.ok((await get(search)).json().data.products.some((p: { id: string }) => p.id === product.id));

    const renamed = `${before.product.name} Renamed`;
    const res = await asStaff(ctx.app, staff, 'PATCH', `/admin/api/products/${product.id}`, { name: renamed });
    assert.equal(res.statusCode, 200, res.body);

    const after = await detailOf(product.id);
    assert.equal(after.product.name, renamed);
    assert.notEqual(after.etag, before.etag);
    assert.equal((await get(`/products/${product.id}`, { 'if-none-match': before.etag })).statusCode, 200);
    const found = (await get(search)).json().data.products as { id: string; name: string }[];
    assert.equal(found.find((p) => p.id === product.id)?.name, renamed, 'the kept search answer was dropped');
  });

  it("an order's change of stock gives the next request the stock left", async () => {
    const variant = product.variants[0]!;
    const before = await detailOf(product.id);
    assert.equal(before.product.variants.find((v) => v.id === variant.id)?.stock, 9);

    const shopper = await register(ctx.app);
    await placePaidOrder(ctx, shopper, { items: [{ productId: product.id, variantId: variant.id, quantity: 2 }] });

    const after = await detailOf(product.id);
    assert.equal(after.product.variants.find((v) => v.id === variant.id)?.stock, 7);
    assert.notEqual(after.etag, before.etag);
  });

  it('a read while an order takes stock keeps no answer with the stock before it', async (t) => {
    if (ctx.database.kind !== 'postgres') {
      t.skip('the embedded database runs one transaction at a time: no read comes before the commit');
      return;
    }
    const { db } = ctx.database;
    const variant = product.variants[0]!;
    const stockOf = async () => (await detailOf(product.id)).product.variants.find((v) => v.id === variant.id)?.stock;
    const before = (await stockOf())!;
    const shopper = await register(ctx.app);
    let placed: Promise<unknown> = Promise.resolve();
    let settled = false;
    // The order's transaction takes the stock, then waits on this lock to store the order.
    await db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE orders IN SHARE MODE`);
      const items = [{ productId: product.id, variantId: variant.id, quantity: 1 }];
      placed = placePaidOrder(ctx, shopper, { items }).finally(() => (settled = true));
      while (!settled && !(await waitsOnOrders(db))) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(!settled, 'the order waits for the lock');
      assert.equal(await stockOf(), before, 'a read before the commit sees the committed stock');
    });
    await placed;
    assert.equal(await stockOf(), before - 1, 'the answer read before the commit was dropped');
  });
});

describe('afterTransaction', () => {
  it('runs once the transaction ends, committed or rolled back, and at once outside one', async () => {
    const { db } = ctx.database;
    const ran: string[] = [];
    await db.transaction(async (tx) => {
      afterTransaction(() => ran.push('committed'));
      await tx.transaction(async () => afterTransaction(() => ran.push('savepoint')));
      assert.deepEqual(ran, [], 'not before the commit');
    });
    assert.deepEqual(ran, ['committed', 'savepoint']);
    await assert.rejects(
      db.transaction(async () => {
        afterTransaction(() => ran.push('rolled back'));
        throw new Error('roll back');
      }),
    );
    afterTransaction(() => ran.push('outside'));
    assert.deepEqual(ran, ['committed', 'savepoint', 'rolled back', 'outside']);
  });
});

describe('afterCommit', () => {
  it('runs after a commit (where a query of the root database no longer waits), never after a rollback, at once outside', async () => {
    const { db } = ctx.database;
    const ran: string[] = [];
    let done = () => {};
    const committed = new Promise<void>((resolve) => (done = resolve));
    await db.transaction(async () => {
      await afterCommit(async () => {
        await queryRows(db, sql`SELECT 1`);
        ran.push('committed');
        done();
      });
      assert.deepEqual(ran, [], 'not before the commit');
    });
    await assert.rejects(
      db.transaction(async () => {
        await afterCommit(async () => void ran.push('rolled back'));
        throw new Error('roll back');
      }),
    );
    await committed;
    await afterCommit(async () => void ran.push('outside'));
    assert.deepEqual(ran, ['committed', 'outside']);
  });
});

/** Whether a transaction of this database waits for a lock on the orders table. */
async function waitsOnOrders(db: Db): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`SELECT 1 FROM pg_locks WHERE relation = 'orders'::regclass AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
  );
  return rows.length > 0;
}

describe("a product's reviews", () => {
  it('are kept with an ETag every cache checks, and a review posted, renamed or hidden shows at once', async () => {
    const url = `/reviews/product/${product.id}`;
    const first = await get(url);
    assert.equal(first.statusCode, 200, first.body);
    const etag = String(first.headers.etag);
    assert.equal(first.headers['cache-control'], REVALIDATE_CACHE_CONTROL);
    const unchanged = await get(url, { 'if-none-match': etag });
    assert.equal(unchanged.statusCode, 304);
    assert.equal(unchanged.body, '');

    const shopper = await register(ctx.app, { name: 'Meera Iyer' });
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/reviews',
      headers: bearer(shopper.token),
      payload: { productId: product.id, rating: 5, title: 'Kept its colour', body: 'Washed ten times, still bright.' },
    });
    assert.equal(posted.statusCode, 201, posted.body);
    const reviewId = posted.json().data.review.id as string;
    const shownNow = async (etagBefore: string) => {
      const res = await get(url, { 'if-none-match': etagBefore });
      assert.equal(res.statusCode, 200, 'a new ETag');
      return { etag: String(res.headers.etag), page: res.json().data as ReviewsPage };
    };
    const withReview = await shownNow(etag);
    assert.equal(withReview.page.stats.total, first.json().data.stats.total + 1);
    assert.equal(withReview.page.reviews[0]?.author.name, 'Meera I.');

    const form = new FormData();
    form.set('name', 'Meera Krishnan');
    const body = await multipart(form);
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: '/auth/profile/full',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(shopper.token) },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    const withName = await shownNow(withReview.etag);
    assert.equal(withName.page.reviews[0]?.author.name, 'Meera K.');

    const hidden = await asStaff(ctx.app, staff, 'POST', `/admin/api/reviews/${reviewId}/hide`, { reason: 'Test' });
    assert.equal(hidden.statusCode, 200, hidden.body);
    const withoutReview = await shownNow(withName.etag);
    assert.ok(!withoutReview.page.reviews.some((r) => r.id === reviewId));
    assert.equal(withoutReview.page.stats.total, first.json().data.stats.total);
  });
});

describe("a shopper's own answers", () => {
  it('are never public and carry no catalogue ETag', async () => {
    const shopper = await register(ctx.app);
    for (const url of ['/auth/me', '/cart', '/wishlist']) {
      const res = await get(url, bearer(shopper.token));
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      assert.doesNotMatch(String(res.headers['cache-control'] ?? ''), /public/, url);
      assert.equal(res.headers.etag, undefined, url);
    }
  });
});

describe('If-None-Match', () => {
  it('names an ETag in a list, weak or strong, or all with *', () => {
    const etag = '"abc"';
    assert.equal(matches(undefined, etag), false);
    assert.equal(matches('"abc"', etag), true);
    assert.equal(matches('"x", W/"abc"', etag), true);
    assert.equal(matches('*', etag), true);
    assert.equal(matches('"abcd", "ab"', etag), false);
  });
});
