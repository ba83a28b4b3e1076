/**
 * Coupons and gift cards in the admin (docs/admin.md "Coupons and gift cards"): coupons made in
 * the admin with each rule are what the shopper's checkout quote applies; bad rules and taken
 * codes are refused and change nothing; a switched-off coupon or card is refused to shoppers;
 * use so far counts an order; a gift card issued in the admin is mailed to its recipient and
 * shows its balance and movements; support is refused everything; each write is one audit entry.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import {
  COUPON_MESSAGES,
  MARKETING_MESSAGES,
  couponMinimumOrder,
  type AdminCoupon,
  type AdminGiftCard,
  type AdminGiftCardDetail,
  type AdminRole,
  type CheckoutQuote,
  type CouponBody,
  type CouponCategory,
  type IssuedGiftCard,
} from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { latestOutboxMail } from '../../test/outbox';
import { piecesOf, placePaidOrder, type Piece } from '../../test/returns';
import { asStaff, type StaffLogin, staffTeam } from '../../test/staff';

let ctx: TestContext;
let team: Record<AdminRole, StaffLogin>;
let shopper: Account;
/** Two sizes of different products, ₹ 999 each, 50 in stock. */
let shirt: Piece;
let other: Piece;

const PRICE = 99_900;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  team = await staffTeam(ctx);
  shopper = await register(ctx.app, { name: 'Meera Iyer' });
  [shirt, other] = (await piecesOf(ctx, 2, { blocked: false, pricePaise: PRICE })) as [Piece, Piece];
});
after(() => ctx.close());

const code = (prefix = 'ADM') => `${prefix}${randomBytes(3).toString('hex').toUpperCase()}`;
const line = (piece: Piece, quantity = 1) => ({ productId: piece.productId, variantId: piece.variantId, quantity });

const createCoupon = (body: Partial<CouponBody>, who = team.staff) =>
  asStaff(ctx.app, who, 'POST', '/admin/api/coupons', {
    code: code(),
    description: 'Admin test coupon',
    discountType: 'percentage',
    discountValue: 10,
    ...body,
  });

async function made(body: Partial<CouponBody>): Promise<AdminCoupon> {
  const res = await createCoupon(body);
  assert.equal(res.statusCode, 201, res.body);
  return res.json().data;
}

const couponOf = async (id: string) =>
  (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/coupons/${id}`)).json().data as AdminCoupon;
const cardOf = async (id: string) =>
  (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/gift-cards/${id}`)).json().data as AdminGiftCardDetail;

/** The shopper's checkout quote (POST /checkout/quote) for `items` with these codes. */
async function quote(
  items: ReturnType<typeof line>[],
  codes: { coupon?: string; additionalCoupon?: string },
  who = shopper,
): Promise<CheckoutQuote> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/checkout/quote',
    headers: bearer(who.token),
    remoteAddress: freshIp(),
    payload: { items, ...codes },
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

/** The coupon's refusal in a quote, or null when it was applied. */
const refusal = (q: CheckoutQuote, field: 'coupon' | 'additionalCoupon') =>
  q.messages.find((m) => m.field === field)?.message ?? null;

/** The audit log's actions on a record, newest first (read by the owner). */
async function audited(entity: string, entityId?: string): Promise<string[]> {
  const res = await asStaff(
    ctx.app,
    team.owner,
    'GET',
    `/admin/api/audit?perPage=200&entity=${entity}${entityId ? `&entityId=${entityId}` : ''}`,
  );
  assert.equal(res.statusCode, 200, res.body);
  return (res.json().data.rows as { action: string }[]).map((e) => e.action);
}

const categoryOf = async (productId: string) =>
  (await ctx.database.db.select({ c: products.categoryId }).from(products).where(eq(products.id, productId)))[0]!.c;

describe('coupons in the admin', () => {
  it('a percentage with a cap, made in the admin, is what the checkout quote takes off', async () => {
    const res = await createCoupon({
      code: ` ${code('pct').toLowerCase()} `,
      discountValue: 20,
      maxDiscountPaise: 150_00,
    });
    assert.equal(res.statusCode, 201, res.body);
    const coupon = res.json().data as AdminCoupon;
    assert.match(coupon.code, /^PCT[0-9A-F]{6}$/, 'kept upper-case, without spaces');
    assert.deepEqual(
      [coupon.state, coupon.isActive, coupon.uses, coupon.discountedPaise, coupon.minOrderPaise],
      ['running', true, 0, 0, 0],
    );

    // 20 % of ₹ 999 is ₹ 199.80: the cap of ₹ 150 applies; on one line, the whole discount is its.
    const capped = await quote([line(shirt)], { coupon: coupon.code.toLowerCase() });
    assert.equal(refusal(capped, 'coupon'), null);
    assert.equal(capped.coupon?.discountAmount, 150);
    assert.equal(capped.discountAmount, 150);
    assert.equal(capped.lines[0]!.discount, 150);

    const two = await quote([line(shirt), line(other)], { coupon: coupon.code });
    assert.equal(two.coupon?.discountAmount, 150, 'two lines still stop at the cap');

    assert.deepEqual(await audited('coupon', coupon.id), ['coupon.create']);
  });

  it('a fixed amount with a minimum order, counted on the eligible lines', async () => {
    const coupon = await made({ discountType: 'fixed', discountValue: 200_00, minOrderPaise: 1_500_00 });
    const below = await quote([line(shirt)], { coupon: coupon.code });
    assert.equal(refusal(below, 'coupon'), couponMinimumOrder(1500));
    const above = await quote([line(shirt, 2)], { coupon: coupon.code });
    assert.equal(refusal(above, 'coupon'), null);
    assert.equal(above.coupon?.discountAmount, 200);
  });

  it('limited to a category (with its subtree) or to products: only those lines get the discount', async () => {
    const categories = (await asStaff(ctx.app, team.staff, 'GET', '/admin/api/coupons/categories')).json()
      .data as CouponCategory[];
    const leaf = await categoryOf(shirt.productId);
    const entry = categories.find((c) => c.id === leaf);
    assert.ok(entry, 'the product’s category is offered');
    assert.ok(entry.path.includes(' › '), `its path in the tree: ${entry.path}`);

    const byCategory = await made({ discountValue: 10, categoryIds: [leaf] });
    assert.deepEqual(byCategory.categoryIds, [leaf]);
    if ((await categoryOf(other.productId)) !== leaf) {
      const q = await quote([line(shirt), line(other)], { coupon: byCategory.code });
      assert.deepEqual(
        q.lines.map((l) => [l.productId, l.discount]),
        [
          [shirt.productId, 99.9],
          [other.productId, 0],
        ],
      );
    }

    const byProduct = await made({ discountValue: 10, productIds: [other.productId] });
    const refused = await quote([line(shirt)], { coupon: byProduct.code });
    assert.equal(refusal(refused, 'coupon'), COUPON_MESSAGES.notEligible);
    const applied = await quote([line(shirt), line(other)], { coupon: byProduct.code });
    assert.deepEqual(applied.coupon?.appliedTo.productIds, [other.productId]);
  });

  it('dates, limits and first order only are the checkout’s rules', async () => {
    const hour = 3_600_000;
    const later = await made({
      startsAt: new Date(Date.now() + hour).toISOString(),
      endsAt: new Date(Date.now() + 2 * hour).toISOString(),
    });
    assert.equal(later.state, 'scheduled');
    assert.equal(refusal(await quote([line(shirt)], { coupon: later.code }), 'coupon'), COUPON_MESSAGES.notStarted);

    const ended = await made({
      startsAt: new Date(Date.now() - 2 * hour).toISOString(),
      endsAt: new Date(Date.now() - hour).toISOString(),
    });
    assert.equal(ended.state, 'expired');
    assert.equal(refusal(await quote([line(shirt)], { coupon: ended.code }), 'coupon'), COUPON_MESSAGES.expired);

    const first = await made({ firstOrderOnly: true, usageLimit: 100, usageLimitPerUser: 1 });
    assert.deepEqual([first.firstOrderOnly, first.usageLimit, first.usageLimitPerUser], [true, 100, 1]);
    const newcomer = await register(ctx.app, { name: 'Kabir Das' });
    assert.equal(refusal(await quote([line(shirt)], { coupon: first.code }, newcomer), 'coupon'), null);
    await placePaidOrder(ctx, newcomer, { items: [line(other)] });
    assert.equal(
      refusal(await quote([line(shirt)], { coupon: first.code }, newcomer), 'coupon'),
      COUPON_MESSAGES.firstOrderOnly,
    );
  });

  it('refuses bad rules and taken codes, changing nothing', async () => {
    const before = (await audited('coupon')).length;
    const taken = await made({});
    const refusals: [Partial<CouponBody>, number, string][] = [
      [{ discountValue: 101 }, 400, MARKETING_MESSAGES.percentRange],
      [{ discountValue: 0 }, 400, MARKETING_MESSAGES.amountPositive],
      [{ discountType: 'fixed', discountValue: 12.5 }, 400, MARKETING_MESSAGES.amountPositive],
      [
        { discountType: 'fixed', discountValue: 100_00, maxDiscountPaise: 50_00 },
        400,
        MARKETING_MESSAGES.capOnlyWithPercentage,
      ],
      [
        { startsAt: '2030-02-01T00:00:00+05:30', endsAt: '2030-01-01T00:00:00+05:30' },
        400,
        MARKETING_MESSAGES.endBeforeStart,
      ],
      [{ code: 'NO SPACES' }, 400, MARKETING_MESSAGES.couponCodeFormat],
      [{ code: 'SALE-10' }, 400, MARKETING_MESSAGES.couponCodeFormat],
      [{ code: taken.code.toLowerCase() }, 409, MARKETING_MESSAGES.couponCodeTaken],
      [{ categoryIds: ['00000000-0000-4000-8000-000000000000'] }, 400, MARKETING_MESSAGES.unknownCategory],
      [{ productIds: ['00000000-0000-4000-8000-000000000000'] }, 400, MARKETING_MESSAGES.unknownProduct],
    ];
    for (const [body, status, message] of refusals) {
      const res = await createCoupon(body);
      assert.equal(res.statusCode, status, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(res.json().message.includes(message), `${JSON.stringify(body)}: ${res.json().message}`);
    }
    const second = await made({});
    const clash = await asStaff(ctx.app, team.staff, 'PUT', `/admin/api/coupons/${second.id}`, {
      ...second,
      code: taken.code,
    });
    assert.equal(clash.statusCode, 409, clash.body);
    assert.equal((await couponOf(second.id)).code, second.code);
    assert.equal((await audited('coupon')).length, before + 2, 'only the two coupons made are audited');
  });

  it('edits, switches off (shoppers are refused) and on again, each write audited once', async () => {
    const coupon = await made({ discountValue: 10 });
    const { id, state: _s, uses: _u, discountedPaise: _d, isActive: _a, createdAt: _c, ...rules } = coupon;
    const edited = await asStaff(ctx.app, team.staff, 'PUT', `/admin/api/coupons/${id}`, {
      ...rules,
      discountValue: 25,
      description: 'A quarter off',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.deepEqual([edited.json().data.discountValue, edited.json().data.description], [25, 'A quarter off']);
    assert.equal((await quote([line(shirt)], { coupon: coupon.code })).coupon?.discountAmount, 249.75);

    const off = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/coupons/${id}/deactivate`);
    assert.equal(off.statusCode, 200, off.body);
    assert.deepEqual([off.json().data.isActive, off.json().data.state], [false, 'inactive']);
    assert.equal(refusal(await quote([line(shirt)], { coupon: coupon.code }), 'coupon'), COUPON_MESSAGES.notFound);
    const validate = await ctx.app.inject({
      method: 'POST',
      url: '/coupons/validate',
      remoteAddress: freshIp(),
      payload: { code: coupon.code, items: [line(shirt)] },
    });
    assert.equal(validate.statusCode, 404, validate.body);
    const inactive = (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/coupons?active=false&q=${coupon.code}`))
      .json()
      .data.rows.map((r: AdminCoupon) => r.id);
    assert.deepEqual(inactive, [id]);

    const on = await asStaff(ctx.app, team.owner, 'POST', `/admin/api/coupons/${id}/activate`);
    assert.equal(on.statusCode, 200, on.body);
    assert.equal(refusal(await quote([line(shirt)], { coupon: coupon.code }), 'coupon'), null);

    assert.deepEqual(await audited('coupon', id), [
      'coupon.activate',
      'coupon.deactivate',
      'coupon.update',
      'coupon.create',
    ]);
    const [entry] = (
      await asStaff(ctx.app, team.owner, 'GET', `/admin/api/audit?action=coupon.update&entityId=${id}`)
    ).json().data.rows as { before: AdminCoupon; after: AdminCoupon }[];
    assert.deepEqual([entry!.before.discountValue, entry!.after.discountValue], [10, 25]);
  });

  it('counts an order’s use and its discount; the list shows them', async () => {
    const coupon = await made({ discountValue: 20, maxDiscountPaise: 150_00 });
    await placePaidOrder(ctx, shopper, { items: [line(shirt)], coupon: coupon.code });
    const used = await couponOf(coupon.id);
    assert.deepEqual([used.uses, used.discountedPaise], [1, 150_00]);
    const listed = await asStaff(ctx.app, team.staff, 'GET', `/admin/api/coupons?q=${coupon.code}`);
    assert.equal(listed.statusCode, 200, listed.body);
    assert.deepEqual(
      (listed.json().data.rows as AdminCoupon[]).map((r) => [r.code, r.uses, r.discountedPaise]),
      [[coupon.code, 1, 150_00]],
    );

    const limited = await made({ usageLimit: 1 });
    await placePaidOrder(ctx, shopper, { items: [line(shirt)], coupon: limited.code });
    assert.equal((await couponOf(limited.id)).state, 'used_up');
  });
});

describe('gift cards in the admin', () => {
  it('issues a card with a random code and mails it to the recipient', async () => {
    const email = `gift-${randomBytes(3).toString('hex')}@example.com`;
    const res = await asStaff(ctx.app, team.staff, 'POST', '/admin/api/gift-cards', {
      amountPaise: 500_00,
      recipient: { email, name: 'Priya Nair', message: 'Happy Diwali <3' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const card = res.json().data as IssuedGiftCard;
    assert.match(card.code, /^VG(-[A-HJKMNP-Z2-9]{4}){4}$/);
    assert.deepEqual(
      [card.initialBalancePaise, card.balancePaise, card.isActive, card.expiresAt, card.mailedTo, card.history],
      [500_00, 500_00, true, null, email, []],
    );
    const again = (await asStaff(ctx.app, team.staff, 'POST', '/admin/api/gift-cards', { amountPaise: 500_00 })).json()
      .data as IssuedGiftCard;
    assert.notEqual(again.code, card.code);
    assert.equal(again.mailedTo, null);

    await ctx.app.jobs.idle();
    const mail = await latestOutboxMail(ctx.dataDir, email);
    assert.ok(mail, 'the recipient is mailed');
    assert.equal(mail.subject, 'A Vastra gift card worth ₹ 500 for you');
    assert.ok(!mail.subject?.includes(card.code), 'the code is not in the subject');
    assert.match(mail.text ?? '', new RegExp(`^${card.code}$`, 'm'));
    assert.match(mail.text ?? '', /Happy Diwali <3/);
    assert.match(String(mail.html), /Happy Diwali &lt;3/);

    assert.deepEqual(await audited('gift_card', card.id), ['gift_card.issue']);
  });

  it('refuses an amount of 0, above the largest card or in rupees, and an expiry in the past', async () => {
    const before = (await audited('gift_card')).length;
    for (const body of [
      { amountPaise: 0 },
      { amountPaise: 99.5 },
      { amountPaise: 1_00_000_01 },
      { amountPaise: 100_00, expiresAt: '2020-01-01T00:00:00Z' },
      { amountPaise: 100_00, recipient: { email: 'not an email', name: 'X' } },
    ]) {
      const res = await asStaff(ctx.app, team.staff, 'POST', '/admin/api/gift-cards', body);
      assert.equal(res.statusCode, 400, `${JSON.stringify(body)}: ${res.body}`);
    }
    assert.equal((await audited('gift_card')).length, before);
  });

  it('shows the balance and its history after an order; a disabled card is refused at checkout', async () => {
    const issued = (await asStaff(ctx.app, team.staff, 'POST', '/admin/api/gift-cards', { amountPaise: 300_00 })).json()
      .data as IssuedGiftCard;
    const order = await placePaidOrder(ctx, shopper, { items: [line(shirt)], additionalCoupon: issued.code });
    const card = await cardOf(issued.id);
    assert.equal(card.balancePaise, 0);
    assert.deepEqual(
      card.history.map((m) => [m.kind, m.amountPaise, m.orderId]),
      [['hold', -300_00, order.id]],
    );
    const listed = (await asStaff(ctx.app, team.staff, 'GET', `/admin/api/gift-cards?q=${issued.code}`)).json().data
      .rows as AdminGiftCard[];
    assert.deepEqual(
      listed.map((c) => [c.id, c.balancePaise]),
      [[issued.id, 0]],
    );

    const fresh = (await asStaff(ctx.app, team.staff, 'POST', '/admin/api/gift-cards', { amountPaise: 200_00 })).json()
      .data as IssuedGiftCard;
    const ok = await quote([line(shirt)], { additionalCoupon: fresh.code });
    assert.equal(ok.giftCardAmount, 200);
    const off = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/gift-cards/${fresh.id}/disable`);
    assert.equal(off.statusCode, 200, off.body);
    assert.equal(off.json().data.isActive, false);
    const refused = await quote([line(shirt)], { additionalCoupon: fresh.code });
    assert.equal(refusal(refused, 'additionalCoupon'), COUPON_MESSAGES.giftCardNotFound);
    assert.equal(refused.giftCardAmount, 0);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(shopper.token),
      payload: {
        items: [line(shirt)],
        additionalCoupon: fresh.code,
        paymentMethod: 'sandbox',
        shippingAddress: BENGALURU_ADDRESS,
      },
    });
    assert.equal(placed.statusCode, 404, placed.body);
    assert.equal(placed.json().message, COUPON_MESSAGES.giftCardNotFound);

    const on = await asStaff(ctx.app, team.staff, 'POST', `/admin/api/gift-cards/${fresh.id}/enable`);
    assert.equal(on.statusCode, 200, on.body);
    assert.equal((await quote([line(shirt)], { additionalCoupon: fresh.code })).giftCardAmount, 200);
    assert.deepEqual(await audited('gift_card', fresh.id), [
      'gift_card.enable',
      'gift_card.disable',
      'gift_card.issue',
    ]);
  });
});

describe('who may', () => {
  it('support is refused every marketing route, and nothing is audited', async () => {
    const coupon = await made({});
    const card = (await asStaff(ctx.app, team.staff, 'POST', '/admin/api/gift-cards', { amountPaise: 100_00 })).json()
      .data as IssuedGiftCard;
    const audit = async () => [(await audited('coupon')).length, (await audited('gift_card')).length];
    const before = await audit();
    const { id: _i, state: _s, uses: _u, discountedPaise: _d, isActive: _a, createdAt: _c, ...rules } = coupon;
    const routes: [string, string, unknown][] = [
      ['GET', '/admin/api/coupons', undefined],
      ['GET', '/admin/api/coupons/categories', undefined],
      ['GET', `/admin/api/coupons/${coupon.id}`, undefined],
      ['POST', '/admin/api/coupons', { ...rules, code: code() }],
      ['PUT', `/admin/api/coupons/${coupon.id}`, rules],
      ['POST', `/admin/api/coupons/${coupon.id}/deactivate`, undefined],
      ['POST', `/admin/api/coupons/${coupon.id}/activate`, undefined],
      ['GET', '/admin/api/gift-cards', undefined],
      ['GET', `/admin/api/gift-cards/${card.id}`, undefined],
      ['POST', '/admin/api/gift-cards', { amountPaise: 100_00 }],
      ['POST', `/admin/api/gift-cards/${card.id}/disable`, undefined],
      ['POST', `/admin/api/gift-cards/${card.id}/enable`, undefined],
    ];
    for (const [method, url, body] of routes) {
      const res = await asStaff(ctx.app, team.support, method as 'GET', url, body);
      assert.equal(res.statusCode, 403, `support ${method} ${url}: ${res.body}`);
    }
    assert.deepEqual(await audit(), before);
    assert.equal((await couponOf(coupon.id)).isActive, true);
    assert.equal((await cardOf(card.id)).isActive, true);

    const stranger = await ctx.app.inject({ method: 'GET', url: '/admin/api/coupons' });
    assert.equal(stranger.statusCode, 401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    assert.equal((await asStaff(ctx.app, team.staff, 'GET', `/admin/api/coupons/${unknown}`)).statusCode, 404);
    assert.equal(
      (await asStaff(ctx.app, team.staff, 'POST', `/admin/api/gift-cards/${unknown}/disable`)).statusCode,
      404,
    );
  });
});
