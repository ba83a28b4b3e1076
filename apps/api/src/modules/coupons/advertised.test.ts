/**
 * Private and advertised coupons (behaviour.md §4, docs/admin.md "Coupons and gift cards"): a
 * coupon made in the admin is private unless the owner ticks "advertise"; only advertised ones
 * are listed to shoppers (GET /store/promotion, which the homepage's "Offers for you" reads,
 * and GET /coupons/category/{id}); a private code still applies when typed, at checkout and in
 * a commerce cart.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { REGION, type AdminCoupon, type AdminRole, type CheckoutQuote, type CouponBody } from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { piecesOf, type Piece } from '../../test/returns';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';
import { generatePublishableKey } from '../store/keys';

const KEY = generatePublishableKey();
let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
let piece: Piece;

before(async () => {
  ctx = await createTestApp({ env: { ...MANY_ORDERS_ENV, PUBLISHABLE_API_KEY: KEY } });
  team = await staffTeam(ctx);
  shopper = await register(ctx.app, { name: 'Meera Iyer' });
  [piece] = (await piecesOf(ctx, 1, { blocked: false, pricePaise: 99_900 })) as [Piece];
});
after(() => ctx.close());

/** A coupon without limits (what the offers list), made by the owner in the admin. */
async function made(body: Partial<CouponBody>): Promise<AdminCoupon> {
  const res = await asStaff(ctx.app, team.owner, 'POST', '/admin/api/coupons', {
    code: `STAFF${randomBytes(3).toString('hex').toUpperCase()}`,
    description: '40% off for staff and family',
    discountType: 'percentage',
    discountValue: 40,
    ...body,
  });
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data;
}

/** The codes a shopper is shown: GET /store/promotion and GET /coupons/category/{id}. */
async function listedCodes(): Promise<{ promotions: string[]; category: string[] }> {
  const promotion = await ctx.app.inject({
    method: 'GET',
    url: '/store/promotion',
    headers: { 'x-publishable-api-key': KEY },
  });
  assert.equal(promotion.statusCode, 200, promotion.body);
  const [product] = await ctx.database.db
    .select({ categoryId: products.categoryId })
    .from(products)
    .where(eq(products.id, piece.productId));
  const categoryId = product?.categoryId;
  assert.ok(categoryId, 'the seeded product has a category');
  const category = await ctx.app.inject({ method: 'GET', url: `/coupons/category/${categoryId}` });
  assert.equal(category.statusCode, 200, category.body);
  return {
    promotions: (promotion.json() as { promotions: { code: string }[] }).promotions.map((p) => p.code),
    category: (category.json() as { data: { coupons: { code: string }[] } }).data.coupons.map((c) => c.code),
  };
}

describe('advertised and private coupons', () => {
  it('a new coupon is private: not listed to shoppers, yet its code applies when typed', async () => {
    const coupon = await made({});
    assert.equal(coupon.advertised, false, 'private is the default');
    const listed = await listedCodes();
    assert.ok(!listed.promotions.includes(coupon.code), 'not in /store/promotion (the homepage offers)');
    assert.ok(!listed.category.includes(coupon.code), 'not in the category offers');
    assert.ok(listed.promotions.includes('WELCOME10'), 'the demo store’s advertised offers stay listed');

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/checkout/quote',
      headers: bearer(shopper.token),
      remoteAddress: freshIp(),
      payload: {
        items: [{ productId: piece.productId, variantId: piece.variantId, quantity: 1 }],
        coupon: coupon.code,
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    const quote = res.json().data as CheckoutQuote;
    assert.deepEqual(quote.messages, []);
    assert.equal(quote.discountAmount, 399.6, '40 % of ₹ 999');

    const created = await ctx.app.inject({
      method: 'POST',
      url: '/store/carts',
      headers: { 'x-publishable-api-key': KEY },
      payload: { region_id: REGION.id, items: [{ variant_id: piece.variantId, quantity: 1 }] },
    });
    assert.equal(created.statusCode, 200, created.body);
    const cartId = (created.json() as { cart: { id: string } }).cart.id;
    const applied = await ctx.app.inject({
      method: 'POST',
      url: `/store/carts/${cartId}/promotions`,
      headers: { 'x-publishable-api-key': KEY },
      payload: { promo_codes: [coupon.code.toLowerCase()] },
    });
    assert.equal(applied.statusCode, 200, applied.body);
    const cart = (applied.json() as { cart: { promotions: { code: string }[] } }).cart;
    assert.deepEqual(
      cart.promotions.map((p) => p.code),
      [coupon.code],
    );
  });

  it('a coupon the owner advertises is listed, and stops being listed when made private again', async () => {
    const coupon = await made({
      advertised: true,
      description: '₹ 100 off',
      discountType: 'fixed',
      discountValue: 100_00,
    });
    assert.equal(coupon.advertised, true);
    let listed = await listedCodes();
    assert.ok(listed.promotions.includes(coupon.code));
    assert.ok(listed.category.includes(coupon.code));

    const { id, state, uses, discountedPaise, createdAt, isActive, ...rules } = coupon;
    void [state, uses, discountedPaise, createdAt, isActive];
    const edited = await asStaff(ctx.app, team.owner, 'PUT', `/admin/api/coupons/${id}`, {
      ...rules,
      advertised: false,
    });
    assert.equal(edited.statusCode, 200, edited.body);
    listed = await listedCodes();
    assert.ok(!listed.promotions.includes(coupon.code));
    assert.ok(!listed.category.includes(coupon.code));
  });
});
