/**
 * Review moderation in the admin (docs/admin.md "Reviews"): the queue newest first; a hidden
 * review leaves the product's reviews, their stats and the product's rating, and comes back
 * when restored; hiding twice changes nothing; a reason is required; support is refused;
 * each hide and restore is audited.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { type ModeratedReview, type ReviewsPage } from '@vastra/contracts';
import { bearer, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { piecesOf, type Piece } from '../../test/returns';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';

let ctx: TestContext;
let staff: StaffLogin;
let support: StaffLogin;
let piece: Piece;
let shoppers: Account[];

before(async () => {
  ctx = await createTestApp();
  staff = await staffOfRole(ctx, 'staff');
  support = await staffOfRole(ctx, 'support');
  piece = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 99_900 }))[0]!;
  shoppers = [await register(ctx.app, { name: 'Asha Rao' }), await register(ctx.app, { name: 'Vikram Sen' })];
});
after(() => ctx.close());

async function postReview(shopper: Account, rating: number, title: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/reviews',
    headers: bearer(shopper.token),
    payload: { productId: piece.productId, rating, title, body: `${title}, in the words of a shopper.` },
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data.review.id;
}

async function shopperView(): Promise<ReviewsPage> {
  const res = await ctx.app.inject({ method: 'GET', url: `/reviews/product/${piece.productId}` });
  return res.json().data;
}

async function productRating(): Promise<{ average: number; count: number }> {
  const res = await ctx.app.inject({ method: 'GET', url: `/products/${piece.productId}` });
  return res.json().data.product.rating;
}

test('a hidden review leaves the product’s reviews, stats and rating, and comes back when restored', async () => {
  const ratingBefore = await productRating();
  const good = await postReview(shoppers[0]!, 5, 'Lovely fabric');
  const rude = await postReview(shoppers[1]!, 1, 'Spam link here');
  assert.equal((await productRating()).count, ratingBefore.count + 2);

  const queue = await asStaff(ctx.app, staff, 'GET', '/admin/api/reviews?hidden=false');
  assert.equal(queue.statusCode, 200, queue.body);
  const rows = queue.json().data.rows as ModeratedReview[];
  assert.deepEqual(
    rows.slice(0, 2).map((r) => [r.id, r.productId, r.author]),
    [
      [rude, piece.productId, 'Vikram S.'],
      [good, piece.productId, 'Asha R.'],
    ],
    'newest first, with the product and the author',
  );

  const noReason = await asStaff(ctx.app, staff, 'POST', `/admin/api/reviews/${rude}/hide`, { reason: ' ' });
  assert.equal(noReason.statusCode, 400);
  const hidden = await asStaff(ctx.app, staff, 'POST', `/admin/api/reviews/${rude}/hide`, { reason: 'Spam' });
  assert.equal(hidden.statusCode, 200, hidden.body);
  const body = hidden.json().data as ModeratedReview;
  assert.deepEqual([body.hiddenReason, body.hiddenBy], ['Spam', staff.email]);

  const view = await shopperView();
  assert.deepEqual(
    view.reviews.map((r) => r.id),
    [good],
    'shoppers no longer see it',
  );
  assert.equal(view.stats.total, 1);
  assert.equal(view.stats.distribution.find((d) => d.rating === 1)!.count, 0);
  assert.equal((await productRating()).count, ratingBefore.count + 1, 'it leaves the product’s rating');

  const again = await asStaff(ctx.app, staff, 'POST', `/admin/api/reviews/${rude}/hide`, { reason: 'Spam' });
  assert.equal(again.statusCode, 200);
  assert.equal((await productRating()).count, ratingBefore.count + 1, 'hiding twice counts once');
  const hiddenOnly = await asStaff(ctx.app, staff, 'GET', '/admin/api/reviews?hidden=true');
  assert.deepEqual(
    (hiddenOnly.json().data.rows as ModeratedReview[]).map((r) => r.id),
    [rude],
  );

  const restored = await asStaff(ctx.app, staff, 'POST', `/admin/api/reviews/${rude}/restore`);
  assert.equal(restored.statusCode, 200, restored.body);
  assert.equal((restored.json().data as ModeratedReview).hiddenAt, null);
  assert.equal((await shopperView()).stats.total, 2);
  const after = await productRating();
  assert.equal(after.count, ratingBefore.count + 2);

  const audit = await asStaff(
    ctx.app,
    await staffOfRole(ctx, 'owner'),
    'GET',
    `/admin/api/audit?entity=review&entityId=${rude}`,
  );
  assert.deepEqual(
    (audit.json().data.rows as { action: string }[]).map((e) => e.action),
    ['review.restore', 'review.hide', 'review.hide'],
  );
});

test('support may not moderate; an unknown review is 404', async () => {
  assert.equal((await asStaff(ctx.app, support, 'GET', '/admin/api/reviews')).statusCode, 403);
  const unknown = '00000000-0000-4000-8000-000000000000';
  assert.equal(
    (await asStaff(ctx.app, support, 'POST', `/admin/api/reviews/${unknown}/hide`, { reason: 'x' })).statusCode,
    403,
  );
  assert.equal(
    (await asStaff(ctx.app, staff, 'POST', `/admin/api/reviews/${unknown}/hide`, { reason: 'x' })).statusCode,
    404,
  );
});
