/**
 * Reviews through HTTP (behaviour.md §7 Catalogue reviews): the list with stats and paging, posting with
 * login, one review per user and product, validation, photos checked by content and size,
 * text kept as written, the product's rating, the verified-purchase flag, and the fit answer
 * with its shares (docs/shopper-features.md "Size charts and fit").
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { REVIEW_FITS, REVIEW_MESSAGES, SIZING_MESSAGES, type ReviewsPage } from '@vastra/contracts';
import sharp from 'sharp';
import { queryRows } from '../../db/client';
import { bearer, fromStorefront, multipart, register, type Account } from '../../test/accounts';
import { pickProducts, setProductActive, unknownId, type TestProduct } from '../../test/catalog';
import { DomainEventBus } from '../../lib/events';
import { createTestApp, type TestContext } from '../../test/harness';
import { JPEG, PNG } from '../../test/images';
import { asStaff, staffOfRole } from '../../test/staff';
import { PincodeDirectory } from '../addresses/pincodes';
import { AddressBookService } from '../addresses/service';
import { CatalogService } from '../catalog/service';
import { LocalFileStore } from '../files/store';
import { UploadService } from '../files/uploads';
import { UsersService } from '../users/service';
import { percentages, ReviewsService } from './service';

let ctx: TestContext;
let products: TestProduct[];

before(async () => {
  ctx = await createTestApp();
  products = await pickProducts(ctx.database.db, 10, { minVariants: 1 });
});
after(() => ctx.close());

const review = (productId: string, rating = 4, extra: object = {}) => ({
  productId,
  rating,
  title: 'Good fit',
  body: 'Soft cotton, true to size.',
  ...extra,
});

async function post(account: Account | null, payload: object) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/reviews',
    payload,
    headers: account ? bearer(account.token) : {},
  });
  return { status: res.statusCode, body: res.json() };
}

async function postForm(account: Account, fill: (form: FormData) => void) {
  const form = new FormData();
  fill(form);
  const body = await multipart(form);
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/reviews',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(account.token) },
  });
  return { status: res.statusCode, body: res.json() };
}

async function page(productId: string, query = ''): Promise<ReviewsPage> {
  const res = await ctx.app.inject({ method: 'GET', url: `/reviews/product/${productId}${query}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

const storedReviewFiles = () => {
  const dir = path.join(ctx.dataDir, 'files', 'reviews');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

function fillReview(form: FormData, productId: string) {
  form.set('productId', productId);
  form.set('rating', '5');
  form.set('title', 'Lovely colour');
  form.set('body', 'Exactly as in the photos.');
}

describe('GET /reviews/product/{id}', () => {
  test('a product without reviews: empty list, zero stats for 5 to 1, empty meta', async () => {
    const data = await page(products[0]!.id);
    assert.deepEqual(data.reviews, []);
    assert.deepEqual(data.stats, {
      total: 0,
      average: 0,
      distribution: [5, 4, 3, 2, 1].map((rating) => ({ rating, count: 0, percentage: 0 })),
      fit: { answered: 0, shares: REVIEW_FITS.map((fit) => ({ fit, count: 0, percentage: 0 })) },
    });
    assert.deepEqual(data.meta, { total: 0, page: 1, limit: 10, totalPages: 0 });
  });

  test("the page carries the catalogue's rating of the product, every rating, written or imported", async () => {
    // 990 imported ratings averaging 4.0, none of them written (docs/behaviour.md §3 Review).
    const [product] = await pickProducts(ctx.database.db, 1, { minVariants: 1, skip: 13 });
    const id = product!.id;
    await ctx.database.db.execute(
      sql`UPDATE products SET rating_average = 4, rating_count = 990 WHERE id = ${id}::uuid`,
    );
    const imported = await page(id);
    assert.equal(imported.stats.total, 0);
    assert.deepEqual(imported.rating, { average: 4, count: 990 });
    const detail = await ctx.app.inject({ method: 'GET', url: `/products/${id}` });
    assert.deepEqual(imported.rating, detail.json().data.product.rating, "the product's summary tells the same");

    const account = await register(ctx.app);
    assert.equal((await post(account, review(id, 5))).status, 201);
    const written = await page(id);
    assert.equal(written.stats.total, 1);
    assert.equal(written.rating.count, 991);
    const after = await ctx.app.inject({ method: 'GET', url: `/products/${id}` });
    assert.deepEqual(written.rating, after.json().data.product.rating);
  });

  test('an unknown or withdrawn product is 404', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/reviews/product/${unknownId()}` });
    assert.equal(res.statusCode, 404);
    await setProductActive(ctx.database.db, products[9]!.id, false);
    try {
      const withdrawn = await ctx.app.inject({ method: 'GET', url: `/reviews/product/${products[9]!.id}` });
      assert.equal(withdrawn.statusCode, 404);
    } finally {
      await setProductActive(ctx.database.db, products[9]!.id, true);
    }
  });
});

describe('POST /reviews', () => {
  test('needs a login: 401 Please login to submit a review', async () => {
    const res = await post(null, review(products[1]!.id));
    assert.equal(res.status, 401);
    assert.equal(res.body.message, REVIEW_MESSAGES.loginRequired);
  });

  test('posts the review: 201 with the author as first name and initial, and it heads the list', async () => {
    const account = await register(ctx.app, { name: 'Meera Krishnan' });
    const res = await post(account, review(products[1]!.id, 4));
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.message, REVIEW_MESSAGES.posted);
    const posted = res.body.data.review;
    assert.equal(posted.rating, 4);
    assert.equal(posted.author.name, 'Meera K.');
    assert.equal(posted.isVerifiedPurchase, false);
    assert.deepEqual(posted.photos, []);
    assert.ok(!JSON.stringify(res.body).includes(account.email), 'no email in a public review');
    const data = await page(products[1]!.id);
    assert.equal(data.reviews[0]!.id, posted.id);
    assert.equal(data.stats.total, 1);
  });

  test('one review per user and product: a second is 409 and the first stays', async () => {
    const account = await register(ctx.app);
    assert.equal((await post(account, review(products[2]!.id, 5))).status, 201);
    const again = await post(account, review(products[2]!.id, 1));
    assert.equal(again.status, 409);
    assert.equal(again.body.message, REVIEW_MESSAGES.alreadyReviewed);
    const data = await page(products[2]!.id);
    assert.equal(data.stats.total, 1);
    assert.equal(data.reviews[0]!.rating, 5);
  });

  test('title and body are stored exactly as written, markup included', async () => {
    const account = await register(ctx.app);
    const title = '  <b>x</b> & "quotes"  ';
    const body = '<script>alert(1)</script>\nSecond line';
    const res = await post(account, review(products[3]!.id, 3, { title, body }));
    assert.equal(res.status, 201);
    const stored = (await page(products[3]!.id)).reviews[0]!;
    assert.equal(stored.title, title);
    assert.equal(stored.body, body);
  });

  for (const [label, extra, message] of [
    ['rating 0', { rating: 0 }, REVIEW_MESSAGES.rating],
    ['rating 6', { rating: 6 }, REVIEW_MESSAGES.rating],
    ['rating 3.5', { rating: 3.5 }, REVIEW_MESSAGES.rating],
    ['a blank title', { title: '   ' }, REVIEW_MESSAGES.title],
    ['a title of 121 characters', { title: 't'.repeat(121) }, REVIEW_MESSAGES.title],
    ['no body', { body: undefined }, REVIEW_MESSAGES.body],
    ['a body of 2001 characters', { body: 'b'.repeat(2001) }, REVIEW_MESSAGES.body],
    ['no product', { productId: 'nope' }, REVIEW_MESSAGES.productRequired],
  ] as const) {
    test(`${label} is refused with 400 and a readable message`, async () => {
      const account = await register(ctx.app);
      const res = await post(account, review(products[4]!.id, 4, extra));
      assert.equal(res.status, 400);
      assert.equal(res.body.message, message);
    });
  }

  test('an unknown product is 404', async () => {
    const account = await register(ctx.app);
    assert.equal((await post(account, review(unknownId()))).status, 404);
  });

  test("posting counts into the product's rating average and count", async () => {
    const productId = products[5]!.id;
    const read = () =>
      queryRows<{ rating_average: number; rating_count: number }>(
        ctx.database.db,
        sql`SELECT rating_average, rating_count FROM products WHERE id = ${productId}::uuid`,
      );
    const [before_] = await read();
    await post(await register(ctx.app), review(productId, 1));
    const [after_] = await read();
    assert.equal(after_!.rating_count, before_!.rating_count + 1);
    const expected = (before_!.rating_average * before_!.rating_count + 1) / (before_!.rating_count + 1);
    assert.ok(Math.abs(after_!.rating_average - expected) < 0.001);
  });

  test('the cookie session from another site is refused (403)', async () => {
    const account = await register(ctx.app);
    const evil = await ctx.app.inject({
      method: 'POST',
      url: '/reviews',
      payload: review(products[6]!.id),
      headers: { cookie: account.cookie, origin: 'https://evil.example' },
    });
    assert.equal(evil.statusCode, 403);
    const fine = await ctx.app.inject({
      method: 'POST',
      url: '/reviews',
      payload: review(products[6]!.id),
      headers: fromStorefront(account.cookie),
    });
    assert.equal(fine.statusCode, 201);
  });
});

describe('stats and paging', () => {
  test('ratings 5, 5, 4, 1 give total 4, average 3.8 and 50/25/0/0/25 %', async () => {
    const productId = products[7]!.id;
    for (const rating of [5, 5, 4, 1])
      assert.equal((await post(await register(ctx.app), review(productId, rating))).status, 201);
    const { stats } = await page(productId);
    assert.equal(stats.total, 4);
    assert.equal(stats.average, 3.8);
    assert.deepEqual(
      stats.distribution.map((d) => [d.rating, d.count, d.percentage]),
      [
        [5, 2, 50],
        [4, 1, 25],
        [3, 0, 0],
        [2, 0, 0],
        [1, 1, 25],
      ],
    );
  });

  test('percentages are whole numbers that always add up to 100', () => {
    assert.deepEqual(percentages([1, 1, 1, 0, 0]), [34, 33, 33, 0, 0]);
    assert.deepEqual(percentages([2, 1, 0, 0, 0]), [67, 33, 0, 0, 0]);
    assert.deepEqual(percentages([0, 0, 0, 0, 0]), [0, 0, 0, 0, 0]);
    assert.deepEqual(percentages([1, 0, 0, 0, 6]), [14, 0, 0, 0, 86]);
    for (const counts of [
      [3, 3, 1, 0, 0],
      [7, 5, 3, 2, 1],
      [1, 1, 1, 1, 1],
      [99, 1, 1, 0, 0],
    ]) {
      assert.equal(
        percentages(counts).reduce((a, b) => a + b, 0),
        100,
        counts.join(),
      );
    }
  });

  test('pages are newest first with meta of the whole list', async () => {
    const productId = products[7]!.id;
    const first = await page(productId, '?page=1&limit=3');
    const second = await page(productId, '?page=2&limit=3');
    assert.deepEqual(first.meta, { total: 4, page: 1, limit: 3, totalPages: 2 });
    assert.equal(first.reviews.length, 3);
    assert.equal(second.reviews.length, 1);
    assert.equal(second.reviews[0]!.rating, 5, 'the oldest review comes last');
    const dates = [...first.reviews, ...second.reviews].map((r) => r.createdAt);
    assert.deepEqual(dates, [...dates].sort().reverse());
    assert.equal(second.stats.total, 4, 'stats cover every page');
  });
});

describe('photos', () => {
  test('JPEG and PNG photos are stored as WebP and served back; the form fields work like JSON', async () => {
    const account = await register(ctx.app);
    const res = await postForm(account, (form) => {
      fillReview(form, products[8]!.id);
      form.append('photos', new Blob([JPEG], { type: 'image/jpeg' }), 'a.jpg');
      form.append('photos', new Blob([PNG], { type: 'image/png' }), 'b.png');
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const photos: { url: string }[] = res.body.data.review.photos;
    assert.equal(photos.length, 2);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(photos[1]!.url).pathname });
    assert.equal(served.statusCode, 200);
    assert.equal(served.headers['content-type'], 'image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 1, 1], 'the 1×1 PNG, re-encoded');
  });

  test('a text file named .jpg is refused, and so are six photos; nothing is stored', async () => {
    const account = await register(ctx.app);
    const before_ = storedReviewFiles().length;
    const fake = await postForm(account, (form) => {
      fillReview(form, products[0]!.id);
      form.append('photos', new Blob(['just some text'], { type: 'image/jpeg' }), 'photo.jpg');
    });
    assert.equal(fake.status, 400);
    assert.equal(fake.body.message, REVIEW_MESSAGES.photoType);
    const six = await postForm(account, (form) => {
      fillReview(form, products[0]!.id);
      for (let i = 0; i < 6; i += 1) form.append('photos', new Blob([PNG], { type: 'image/png' }), `${i}.png`);
    });
    assert.equal(six.status, 400);
    assert.equal(six.body.message, REVIEW_MESSAGES.tooManyPhotos);
    assert.equal(storedReviewFiles().length, before_);
    assert.equal((await page(products[0]!.id)).stats.total, 0);
  });

  test('a photo over 5 MB is 413', async () => {
    const account = await register(ctx.app);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await postForm(account, (form) => {
      fillReview(form, products[0]!.id);
      form.append('photos', new Blob([big], { type: 'image/png' }), 'big.png');
    });
    assert.equal(res.status, 413);
    assert.equal(res.body.message, REVIEW_MESSAGES.photoTooLarge);
  });

  test('a refused second review leaves no photo behind', async () => {
    const account = await register(ctx.app);
    assert.equal((await post(account, review(products[8]!.id))).status, 201);
    const before_ = storedReviewFiles().length;
    const res = await postForm(account, (form) => {
      fillReview(form, products[8]!.id);
      form.append('photos', new Blob([JPEG], { type: 'image/jpeg' }), 'a.jpg');
    });
    assert.equal(res.status, 409);
    assert.equal(storedReviewFiles().length, before_);
  });
});

describe('verified purchase', () => {
  test('a reviewer with a delivered order line for the product gets the badge', async () => {
    const account = await register(ctx.app);
    const catalog = new CatalogService(ctx.database.db, { mediaBaseUrl: '', cacheTtlMs: 0 });
    const events = new DomainEventBus();
    const uploads = new UploadService(ctx.database.db, new LocalFileStore(path.join(ctx.dataDir, 'files')), {
      quotaBytes: ctx.config.limits.uploadQuotaBytes,
    });
    const delivered = new Set([`${account.userId}:${products[9]!.id}`]);
    const service = new ReviewsService(ctx.database.db, {
      catalog,
      users: new UsersService(ctx.database.db, {
        publicUrl: '',
        uploads,
        addresses: new AddressBookService(ctx.database.db, PincodeDirectory.load()),
        events,
      }),
      uploads,
      purchases: { hasDelivered: async (userId, productId) => delivered.has(`${userId}:${productId}`) },
      publicUrl: '',
      events,
    });
    const verified = await service.post(account.userId, review(products[9]!.id), []);
    assert.equal(verified.isVerifiedPurchase, true);
    const other = await service.post(account.userId, review(products[6]!.id), []);
    assert.equal(other.isVerifiedPurchase, false);
    assert.equal((await page(products[9]!.id)).reviews[0]!.isVerifiedPurchase, true);
  });
});

describe('fit (docs/shopper-features.md "Size charts and fit")', () => {
  const shares = (stats: ReviewsPage['stats']) => stats.fit.shares.map((s) => [s.fit, s.count, s.percentage]);

  test('the answer is optional and returned; JSON and the form both take it; other answers are 400', async () => {
    const [first, second] = await pickProducts(ctx.database.db, 2, { minVariants: 1, skip: 10 });
    const answered = await post(await register(ctx.app), review(first!.id, 5, { fit: 'true_to_size' }));
    assert.equal(answered.status, 201, JSON.stringify(answered.body));
    assert.equal(answered.body.data.review.fit, 'true_to_size');
    const unanswered = await post(await register(ctx.app), review(first!.id, 4));
    assert.equal(unanswered.body.data.review.fit, null);

    const bad = await post(await register(ctx.app), review(first!.id, 4, { fit: 'tight' }));
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, SIZING_MESSAGES.fit);

    const byForm = await postForm(await register(ctx.app), (form) => {
      fillReview(form, second!.id);
      form.set('fit', 'small');
    });
    assert.equal(byForm.status, 201, JSON.stringify(byForm.body));
    assert.equal(byForm.body.data.review.fit, 'small');
    // A form's radio group left unanswered still sends nothing, or an empty field.
    const emptyField = await postForm(await register(ctx.app), (form) => {
      fillReview(form, second!.id);
      form.set('fit', '');
    });
    assert.equal(emptyField.status, 201, JSON.stringify(emptyField.body));
    assert.equal(emptyField.body.data.review.fit, null);
    const badForm = await postForm(await register(ctx.app), (form) => {
      fillReview(form, second!.id);
      form.set('fit', 'huge');
    });
    assert.equal(badForm.status, 400);

    const listed = await page(first!.id);
    assert.deepEqual(listed.reviews.map((r) => r.fit).sort(), ['true_to_size', null].sort());
  });

  test('stats share the answers among reviews that answered; hidden reviews count in none', async () => {
    const [product] = await pickProducts(ctx.database.db, 1, { minVariants: 1, skip: 12 });
    const productId = product!.id;
    const none = await page(productId);
    assert.equal(none.stats.fit.answered, 0);
    assert.deepEqual(shares(none.stats), [
      ['small', 0, 0],
      ['true_to_size', 0, 0],
      ['large', 0, 0],
    ]);

    const ids: string[] = [];
    for (const fit of ['true_to_size', 'true_to_size', 'true_to_size', 'small', 'large', undefined, 'large']) {
      const posted = await post(await register(ctx.app), review(productId, 4, fit ? { fit } : {}));
      assert.equal(posted.status, 201);
      ids.push(posted.body.data.review.id);
    }
    const all = await page(productId);
    assert.equal(all.stats.total, 7);
    assert.equal(all.stats.fit.answered, 6);
    assert.deepEqual(shares(all.stats), [
      ['small', 1, 17],
      ['true_to_size', 3, 50],
      ['large', 2, 33],
    ]);

    // The store hides the two "large" answers: they leave the shares as they leave the list.
    const staff = await staffOfRole(ctx, 'staff');
    for (const id of [ids[4], ids[6]]) {
      const hidden = await asStaff(ctx.app, staff, 'POST', `/admin/api/reviews/${id}/hide`, { reason: 'Off topic' });
      assert.equal(hidden.statusCode, 200, hidden.body);
    }
    const shown = await page(productId);
    assert.equal(shown.stats.fit.answered, 4);
    assert.deepEqual(shares(shown.stats), [
      ['small', 1, 25],
      ['true_to_size', 3, 75],
      ['large', 0, 0],
    ]);
  });
});
