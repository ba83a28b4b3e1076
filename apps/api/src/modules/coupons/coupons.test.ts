/**
 * Coupons and gift cards (behaviour.md §4, §7 Coupons, §8): every coupon rule and its message through
 * POST /coupons/validate, the coupon lookups, the discount's split over lines, a coupon's use
 * by an order (redeem under a row lock, release), and gift card quotes, holds (racing holds
 * never take a card below 0), releases (once) and refunds (capped). Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL (where the racing transactions really run at once).
 *
 * @postgres: racing redemptions and gift card holds are real concurrent transactions there.
 */
import assert from 'node:assert/strict';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { eq, sql, type SQL } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  CATALOG_MESSAGES,
  COUPON_MESSAGES,
  couponMinimumOrder,
  type CouponQuote,
  type OrderStatus,
  type PublicCoupon,
} from '@vastra/contracts';
import { queryRows, type Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { shareInProportion } from '../../lib/money';
import { insertOrder } from '../../test/orders';
import { bearer, freshIp, register, type Account } from '../../test/accounts';
import { setStock } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { CatalogService } from '../catalog/service';
import { hasPlacedOrder } from '../orders/queries';
import { GiftCardService } from './gift-cards';
import { COUPON_LIMITS } from './limits';
import { allocateDiscount } from './discount';
import { CouponService, type PricedLine } from './service';
import { couponRedemptions, coupons, giftCards, giftCardTransactions } from './tables';

let ctx: TestContext;
let db: Db;
let catalog: CatalogService;
let couponService: CouponService;
let giftCardService: GiftCardService;

/** A purchasable size of a product, with the product's leaf category and that category's ancestors. */
type Item = {
  productId: string;
  variantId: string;
  pricePaise: number;
  /** Leaf (article type), sub-category and top-level category ids. */
  categoryId: string;
  subId: string;
  masterId: string;
};

let shoe: Item;
let sandal: Item;
let shirt: Item;
let bag: Item;

/** The `n`th product (by id) under a top-level category, with stock set so it can be bought. */
async function pick(masterSlug: string, n = 0, exceptSub?: string): Promise<Item> {
  const [row] = await queryRows<Item>(
    db,
    sql`SELECT p.id AS "productId", v.id AS "variantId", v.price_paise AS "pricePaise",
               a.id AS "categoryId", s.id AS "subId", m.id AS "masterId"
        FROM products p
        JOIN categories a ON a.id = p.category_id
        JOIN categories s ON s.id = a.parent_id
        JOIN categories m ON m.id = s.parent_id
        JOIN LATERAL (SELECT * FROM variants WHERE product_id = p.id ORDER BY position, sku LIMIT 1) v ON true
        WHERE p.is_active AND m.slug = ${masterSlug} ${exceptSub ? sql`AND s.id <> ${exceptSub}::uuid` : sql``}
        ORDER BY p.id OFFSET ${n} LIMIT 1`,
  );
  assert.ok(row, `a product under ${masterSlug}`);
  await setStock(db, row.variantId, 50);
  return row;
}

before(async () => {
  ctx = await createTestApp();
  db = ctx.database.db;
  catalog = new CatalogService(db, { mediaBaseUrl: 'http://api.test', cacheTtlMs: 60_000 });
  couponService = new CouponService(db, { catalog, orderHistory: { hasOrdered: hasPlacedOrder } });
  giftCardService = new GiftCardService(db);
  shoe = await pick('footwear');
  sandal = await pick('footwear', 0, shoe.subId);
  shirt = await pick('apparel');
  bag = await pick('accessories');
});
after(() => ctx.close());

const uniqueCode = (prefix = 'T') => `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;

/** A column's value, or SQL the database works out (such as a time by its own clock). */
type Fields<T> = { [K in keyof T]?: T[K] | SQL };
type CouponFields = Fields<typeof coupons.$inferInsert>;

/** A time relative to the database's clock, e.g. `dbTime("+ interval '1 hour'")`. */
const dbTime = (offset: string): SQL => sql.raw(`now() ${offset}`);

/** Adds a coupon as a store owner would; by default 10 % off with no other rule. */
async function addCoupon(fields: CouponFields = {}): Promise<typeof coupons.$inferSelect> {
  const [row] = await db
    .insert(coupons)
    .values({
      code: uniqueCode(),
      description: 'Test coupon',
      discountType: 'percentage',
      discountValue: 10,
      ...fields,
    })
    .returning();
  return row!;
}

async function addGiftCard(balancePaise: number, fields: Fields<typeof giftCards.$inferInsert> = {}) {
  const [row] = await db
    .insert(giftCards)
    .values({
      code: `GIFT-${randomBytes(6).toString('hex').toUpperCase()}`,
      initialBalancePaise: balancePaise,
      balancePaise,
      ...fields,
    })
    .returning();
  return row!;
}

const balanceOf = async (id: string) =>
  (await db.select({ b: giftCards.balancePaise }).from(giftCards).where(eq(giftCards.id, id)))[0]!.b;

/** An order row of the shopper in this status, written straight into `orders` as the orders module would. */
async function addOrder(userId: string, status: OrderStatus): Promise<string> {
  return (await insertOrder(db, { userId, status, payablePaise: 100_000 })).id;
}

/** A use of the coupon by an order of the shopper (released when `released`). */
async function addUse(couponId: string, userId: string, released = false): Promise<void> {
  await db.insert(couponRedemptions).values({
    couponId,
    userId,
    orderId: randomUUID(),
    discountPaise: 100,
    releasedAt: released ? new Date() : null,
  });
}

type Answer = { status: number; body: { success: boolean; message: string; data: CouponQuote } };

type ValidateItem = { productId: string; variantId?: string; quantity: number; price?: number };
const line = (item: Item, quantity = 1): ValidateItem => ({
  productId: item.productId,
  variantId: item.variantId,
  quantity,
});

/** POST /coupons/validate from an address of its own (so the rate limit never interferes). */
async function validate(payload: Record<string, unknown>, account?: Account): Promise<Answer> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/coupons/validate',
    payload,
    remoteAddress: freshIp(),
    headers: account ? bearer(account.token) : {},
  });
  return { status: res.statusCode, body: res.json() };
}

function assertRefused(res: Answer, status: number, message: string) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.deepEqual(res.body, { success: false, message });
}

const rupees = (paise: number) => paise / 100;
const pct = (paise: number, percent: number) => Math.round((paise * percent) / 100);

describe('coupon rules through POST /coupons/validate', () => {
  test('a percentage: the discount on the catalogue prices (any letter case), what it applied to', async () => {
    const coupon = await addCoupon({ discountValue: 10 });
    const res = await validate({ code: coupon.code.toLowerCase(), items: [line(shirt, 2), line(shoe)] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, COUPON_MESSAGES.applied);
    const subtotal = shirt.pricePaise * 2 + shoe.pricePaise;
    assert.deepEqual(res.body.data, {
      code: coupon.code,
      discountAmount: rupees(pct(subtotal, 10)),
      isGiftCard: false,
      description: 'Test coupon',
      replacedCode: null,
      appliedTo: { productIds: [shirt.productId, shoe.productId], eligibleSubtotal: rupees(subtotal) },
      balance: null,
      remainingBalance: null,
    });
  });

  test('a percentage stops at its maximum discount', async () => {
    const coupon = await addCoupon({ discountValue: 50, maxDiscountPaise: 100_00 });
    const res = await validate({ code: coupon.code, items: [line(shirt, 5)] });
    assert.ok(pct(shirt.pricePaise * 5, 50) > 100_00, 'the cart is big enough for the cap');
    assert.equal(res.body.data.discountAmount, 100);
  });

  test('a fixed amount, never more than the eligible items are worth', async () => {
    const flat = await addCoupon({ discountType: 'fixed', discountValue: 150_00 });
    assert.equal((await validate({ code: flat.code, items: [line(shoe)] })).body.data.discountAmount, 150);
    const huge = await addCoupon({ discountType: 'fixed', discountValue: shoe.pricePaise + 500_00 });
    assert.equal(
      (await validate({ code: huge.code, items: [line(shoe)] })).body.data.discountAmount,
      rupees(shoe.pricePaise),
    );
  });

  test("the client's prices and subtotal are ignored; a product without a size is priced at its default size", async () => {
    const coupon = await addCoupon({ discountType: 'fixed', discountValue: 1_00 });
    const tampered = await validate({
      code: coupon.code,
      items: [{ ...line(shirt), price: 1 }],
      subtotal: 1,
    });
    assert.equal(tampered.body.data.appliedTo.eligibleSubtotal, rupees(shirt.pricePaise));
    const [size] = await queryRows<{ id: string; price: number }>(
      db,
      sql`SELECT id, price_paise AS price FROM variants WHERE id = ${await catalog.defaultVariantId(bag.productId)}::uuid`,
    );
    const noSize = await validate({ code: coupon.code, items: [{ productId: bag.productId, quantity: 2 }] });
    assert.equal(noSize.body.data.appliedTo.eligibleSubtotal, rupees(size!.price * 2));
  });

  test('the minimum order: below it the precise reason with the amount', async () => {
    const coupon = await addCoupon({ minOrderPaise: shirt.pricePaise * 2 });
    assertRefused(
      await validate({ code: coupon.code, items: [line(shirt)] }),
      400,
      couponMinimumOrder(rupees(shirt.pricePaise * 2)),
    );
    assert.equal((await validate({ code: coupon.code, items: [line(shirt, 2)] })).status, 200);
  });

  test('no items, or none that can be bought: items are required', async () => {
    const coupon = await addCoupon();
    assertRefused(await validate({ code: coupon.code, items: [] }), 400, COUPON_MESSAGES.itemsRequired);
    assertRefused(
      await validate({ code: coupon.code, items: [{ productId: randomUUID(), quantity: 1 }] }),
      400,
      COUPON_MESSAGES.itemsRequired,
    );
    assertRefused(
      await validate({
        code: coupon.code,
        items: [{ productId: shoe.productId, variantId: shirt.variantId, quantity: 1 }],
      }),
      400,
      COUPON_MESSAGES.itemsRequired,
    );
  });

  test('dates by the database clock: not started yet, expired, and running between', async () => {
    const soon = await addCoupon({ startsAt: dbTime("+ interval '1 hour'") });
    assertRefused(await validate({ code: soon.code, items: [line(shirt)] }), 400, COUPON_MESSAGES.notStarted);
    const past = await addCoupon({ endsAt: dbTime("- interval '1 minute'") });
    assertRefused(await validate({ code: past.code, items: [line(shirt)] }), 400, COUPON_MESSAGES.expired);
    const now = await addCoupon({
      startsAt: dbTime("- interval '1 hour'"),
      endsAt: dbTime("+ interval '1 hour'"),
    });
    assert.equal((await validate({ code: now.code, items: [line(shirt)] })).status, 200);
  });

  test('unknown and switched-off codes: 404 Coupon not found; a too-long code too', async () => {
    assertRefused(await validate({ code: 'NOSUCHCODE', items: [line(shirt)] }), 404, COUPON_MESSAGES.notFound);
    const off = await addCoupon({ isActive: false });
    assertRefused(await validate({ code: off.code, items: [line(shirt)] }), 404, COUPON_MESSAGES.notFound);
    assertRefused(await validate({ code: 'X'.repeat(41), items: [line(shirt)] }), 400, COUPON_MESSAGES.notFound);
    assertRefused(await validate({ code: '  ', items: [line(shirt)] }), 400, COUPON_MESSAGES.codeRequired);
  });

  test('the total usage limit counts uses not released', async () => {
    const coupon = await addCoupon({ usageLimit: 2 });
    const [a, b] = [await register(ctx.app), await register(ctx.app)];
    await addUse(coupon.id, a.userId);
    await addUse(coupon.id, b.userId, true);
    assert.equal((await validate({ code: coupon.code, items: [line(shirt)] })).status, 200);
    await addUse(coupon.id, b.userId);
    assertRefused(await validate({ code: coupon.code, items: [line(shirt)] }), 400, COUPON_MESSAGES.usedUp);
  });

  test('the per-user limit: the shopper who used it is refused, others (and guests) are not', async () => {
    const coupon = await addCoupon({ usageLimitPerUser: 1 });
    const [used, other] = [await register(ctx.app), await register(ctx.app)];
    await addUse(coupon.id, used.userId);
    const payload = { code: coupon.code, items: [line(shirt)] };
    assertRefused(await validate(payload, used), 400, COUPON_MESSAGES.alreadyUsed);
    assert.equal((await validate(payload, other)).status, 200);
    assert.equal((await validate(payload)).status, 200, 'a guest is checked when the order is placed');
    await addUse(coupon.id, other.userId, true);
    assert.equal((await validate(payload, other)).status, 200, 'a released use does not count');
  });

  test('first order only: needs a login; refused once the shopper has an order that counts', async () => {
    const coupon = await addCoupon({ firstOrderOnly: true });
    const payload = { code: coupon.code, items: [line(shirt)] };
    assertRefused(await validate(payload), 400, COUPON_MESSAGES.loginRequired);
    const shopper = await register(ctx.app);
    assert.equal((await validate(payload, shopper)).status, 200);
    await addOrder(shopper.userId, 'payment_failed');
    await addOrder(shopper.userId, 'cancelled');
    assert.equal((await validate(payload, shopper)).status, 200, 'failed and cancelled orders do not count');
    await addOrder(shopper.userId, 'pending_payment');
    assertRefused(await validate(payload, shopper), 400, COUPON_MESSAGES.firstOrderOnly);
  });

  test('a category coupon counts only the lines under that category (any level); the minimum too', async () => {
    const coupon = await addCoupon({ discountValue: 20, categoryIds: [shoe.masterId], minOrderPaise: shoe.pricePaise });
    const res = await validate({ code: coupon.code, items: [line(shirt, 3), line(shoe), line(sandal, 2)] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const eligible = shoe.pricePaise + sandal.pricePaise * 2;
    assert.equal(res.body.data.discountAmount, rupees(pct(eligible, 20)));
    assert.deepEqual(res.body.data.appliedTo, {
      productIds: [shoe.productId, sandal.productId],
      eligibleSubtotal: rupees(eligible),
    });
    const bySub = await addCoupon({ discountValue: 20, categoryIds: [shoe.subId] });
    const sub = await validate({ code: bySub.code, items: [line(shoe), line(sandal)] });
    assert.deepEqual(sub.body.data.appliedTo.productIds, [shoe.productId]);
    const leafOnly = await addCoupon({ categoryIds: [shoe.categoryId] });
    assert.deepEqual((await validate({ code: leafOnly.code, items: [line(shoe)] })).body.data.appliedTo.productIds, [
      shoe.productId,
    ]);
    const richCart = [line(shirt, 10), line(sandal)];
    const withMin = await addCoupon({ categoryIds: [shoe.masterId], minOrderPaise: sandal.pricePaise + 1 });
    assertRefused(
      await validate({ code: withMin.code, items: richCart }),
      400,
      couponMinimumOrder(rupees(sandal.pricePaise + 1)),
    );
    assertRefused(
      await validate({ code: coupon.code, items: [line(shirt), line(bag)] }),
      400,
      COUPON_MESSAGES.notEligible,
    );
  });

  test('a product coupon counts only its products; with categories too, either makes a line eligible', async () => {
    const coupon = await addCoupon({
      discountType: 'fixed',
      discountValue: bag.pricePaise * 3,
      productIds: [bag.productId],
    });
    const res = await validate({ code: coupon.code, items: [line(shirt), line(bag, 2)] });
    assert.equal(res.body.data.discountAmount, rupees(bag.pricePaise * 2), 'never more than the eligible lines');
    assert.deepEqual(res.body.data.appliedTo.productIds, [bag.productId]);
    const both = await addCoupon({ productIds: [bag.productId], categoryIds: [shoe.masterId] });
    const mixed = await validate({ code: both.code, items: [line(shirt), line(bag), line(shoe)] });
    assert.deepEqual(mixed.body.data.appliedTo.productIds, [bag.productId, shoe.productId]);
    assertRefused(await validate({ code: coupon.code, items: [line(shirt)] }), 400, COUPON_MESSAGES.notEligible);
  });

  test('one coupon at a time: the answer says which code it replaced', async () => {
    const coupon = await addCoupon();
    const replacing = await validate({ code: coupon.code, items: [line(shirt)], prevoiusCode: 'welcome10' });
    assert.equal(replacing.body.data.replacedCode, 'WELCOME10');
    const same = await validate({ code: coupon.code, items: [line(shirt)], prevoiusCode: coupon.code.toLowerCase() });
    assert.equal(same.body.data.replacedCode, null);
    assert.equal(
      (await validate({ code: coupon.code, items: [line(shirt)], prevoiusCode: null })).body.data.replacedCode,
      null,
    );
  });

  test('a gift card in the coupon field and a coupon in the gift card field are pointed to the right field', async () => {
    const card = await addGiftCard(500_00);
    assertRefused(
      await validate({ code: card.code.toLowerCase(), items: [line(shirt)] }),
      400,
      COUPON_MESSAGES.giftCardNotCoupon,
    );
    const coupon = await addCoupon();
    assertRefused(
      await validate({ code: coupon.code, isGiftCard: true, preDiscountAmount: 1000 }),
      400,
      COUPON_MESSAGES.couponNotGiftCard,
    );
  });

  test('an expired or bad session is refused rather than quoted as a guest', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/coupons/validate',
      payload: { code: 'WELCOME10', items: [line(shirt)] },
      remoteAddress: freshIp(),
      headers: bearer('not-a-token'),
    });
    assert.equal(res.statusCode, 401);
  });

  test('quotes are rate limited per address (429 with Retry-After)', async () => {
    const ip = freshIp();
    const send = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/coupons/validate',
        payload: { code: 'GUESS', items: [] },
        remoteAddress: ip,
      });
    for (let i = 0; i < COUPON_LIMITS.lookups.ip.max; i++) assert.equal((await send()).statusCode, 404);
    const limited = await send();
    assert.equal(limited.statusCode, 429);
    assert.deepEqual(limited.json(), { success: false, message: AUTH_MESSAGES.tooManyRequests });
    assert.ok(Number(limited.headers['retry-after']) > 0);
  });
});

describe('the seeded coupons and gift cards', () => {
  test('FOOTWEAR20 takes 20 % off the footwear only, up to ₹ 1,000', async () => {
    const res = await validate({ code: 'footwear20', items: [line(shirt), line(shoe)] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.discountAmount, rupees(Math.min(pct(shoe.pricePaise, 20), 1_000_00)));
    assert.deepEqual(res.body.data.appliedTo.productIds, [shoe.productId]);
  });

  test('FIRSTORDER and EARLY100 need what they say', async () => {
    const shopper = await register(ctx.app);
    const big = [line(shirt, Math.ceil(1_499_00 / shirt.pricePaise))];
    assertRefused(await validate({ code: 'FIRSTORDER', items: big }), 400, COUPON_MESSAGES.loginRequired);
    assert.equal((await validate({ code: 'FIRSTORDER', items: big }, shopper)).body.data.discountAmount, 250);
    const early = await validate({ code: 'EARLY100', items: [line(shirt)] }, shopper);
    assert.equal(early.body.data.discountAmount, rupees(Math.min(pct(shirt.pricePaise, 25), 750_00)));
  });

  test('the ₹ 100 gift card covers part of an order', async () => {
    const res = await validate({ code: 'vastra-gift-100-3z9e-838k', isGiftCard: true, preDiscountAmount: 1299 });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.code, 'VASTRA-GIFT-100-3Z9E-838K');
    assert.equal(res.body.data.discountAmount, 100);
  });
});

describe('GET /coupons/code/{code} and GET /coupons/category/{id}', () => {
  const get = async (url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json() };
  };

  test('a running coupon by code (any letter case) with its rules in rupees; others 404', async () => {
    const coupon = await addCoupon({
      discountType: 'fixed',
      discountValue: 200_00,
      minOrderPaise: 999_50,
      firstOrderOnly: true,
      categoryIds: [shoe.masterId],
      endsAt: dbTime("+ interval '1 day'"),
    });
    const res = await get(`/coupons/code/${coupon.code.toLowerCase()}`);
    assert.equal(res.status, 200);
    const shown = res.body.data.coupon as PublicCoupon;
    assert.deepEqual(
      { ...shown, endsAt: null },
      {
        code: coupon.code,
        description: 'Test coupon',
        discountType: 'fixed',
        discountValue: 200,
        maxDiscount: null,
        minOrderValue: 999.5,
        startsAt: null,
        endsAt: null,
        firstOrderOnly: true,
        categoryIds: [shoe.masterId],
        productIds: [],
      },
    );
    assert.ok(!Number.isNaN(Date.parse(shown.endsAt!)));
    const welcome = (await get('/coupons/code/WELCOME10')).body.data.coupon as PublicCoupon;
    assert.deepEqual([welcome.discountType, welcome.discountValue, welcome.maxDiscount], ['percentage', 10, 500]);

    const expired = await addCoupon({ endsAt: dbTime("- interval '1 minute'") });
    const off = await addCoupon({ isActive: false });
    for (const code of [expired.code, off.code, 'NOSUCHCODE']) {
      assert.deepEqual(await get(`/coupons/code/${code}`), {
        status: 404,
        body: { success: false, message: COUPON_MESSAGES.notFound },
      });
    }
  });

  test("a category's coupons: limited to it or an ancestor, or to nothing; not others, not used up", async () => {
    // Only advertised coupons are listed to shoppers (docs/admin.md); a private one is not.
    const advertised = { advertised: true };
    const forMaster = await addCoupon({ categoryIds: [shoe.masterId], ...advertised });
    const forLeaf = await addCoupon({ categoryIds: [shoe.categoryId], ...advertised });
    const forApparel = await addCoupon({ categoryIds: [shirt.masterId], ...advertised });
    const forProduct = await addCoupon({ productIds: [shoe.productId], ...advertised });
    const usedUp = await addCoupon({ categoryIds: [shoe.masterId], usageLimit: 1, ...advertised });
    const privateOne = await addCoupon({ categoryIds: [shoe.masterId] });
    await addUse(usedUp.id, (await register(ctx.app)).userId);
    const codes = async (categoryId: string) => {
      const res = await get(`/coupons/category/${categoryId}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.data.count, res.body.data.coupons.length);
      return new Set((res.body.data.coupons as PublicCoupon[]).map((c) => c.code));
    };
    const leaf = await codes(shoe.categoryId);
    for (const c of [forMaster.code, forLeaf.code, 'FOOTWEAR20', 'WELCOME10', 'FIRSTORDER', 'EARLY100']) {
      assert.ok(leaf.has(c), c);
    }
    for (const c of [forApparel.code, forProduct.code, usedUp.code, privateOne.code]) assert.ok(!leaf.has(c), c);
    const master = await codes(shoe.masterId);
    assert.ok(master.has(forMaster.code) && master.has('FOOTWEAR20'));
    assert.ok(!master.has(forLeaf.code), 'a coupon of one sub-category does not cover the whole category');
    const apparel = await codes(shirt.categoryId);
    assert.ok(apparel.has(forApparel.code) && apparel.has('WELCOME10'));
    assert.ok(!apparel.has('FOOTWEAR20'));

    assert.deepEqual(await get('/coupons/category/not-a-uuid'), {
      status: 400,
      body: { success: false, message: CATALOG_MESSAGES.invalidCategoryId },
    });
    assert.deepEqual(await get(`/coupons/category/${randomUUID()}`), {
      status: 404,
      body: { success: false, message: CATALOG_MESSAGES.categoryNotFound },
    });
  });

  test('/store offers only the coupons its carts can honour (no limits, no first order, no category)', async () => {
    const running = new Set((await couponService.running()).map((c) => c.code));
    for (const c of ['WELCOME10', 'FESTIVE300', 'STYLE15']) assert.ok(running.has(c), c);
    for (const c of ['FOOTWEAR20', 'FIRSTORDER', 'EARLY100']) assert.ok(!running.has(c), c);
    assert.equal(await couponService.findRunning('footwear20'), null);
  });
});

describe('sharing a discount over lines', () => {
  test('shareInProportion: a worked example, zeros, and bad input', () => {
    assert.deepEqual(shareInProportion([100, 200, 300], 100), [17, 33, 50]);
    assert.deepEqual(shareInProportion([1, 1, 1], 2), [1, 1, 0], 'ties go to the earlier entry');
    assert.deepEqual(shareInProportion([0, 500, 0], 123), [0, 123, 0]);
    assert.deepEqual(shareInProportion([0, 0], 0), [0, 0]);
    assert.deepEqual(shareInProportion([], 0), []);
    assert.throws(() => shareInProportion([0, 0], 1), RangeError);
    assert.throws(() => shareInProportion([10, -1], 1), RangeError);
    assert.throws(() => shareInProportion([10.5], 1), RangeError);
    assert.throws(() => shareInProportion([10], 1.5), RangeError);
  });

  test('shareInProportion on 2,000 random cases: exact sum, 0 for 0, within a paisa of the exact share, never above the amount', () => {
    for (let n = 0; n < 2000; n++) {
      const amounts = Array.from({ length: randomInt(1, 12) }, () =>
        randomInt(4) === 0 ? 0 : randomInt(1, n % 10 === 0 ? 2 ** 40 : 5_000_00),
      );
      const sum = amounts.reduce((s, a) => s + a, 0);
      if (sum === 0) amounts[0] = 1;
      const total = randomInt(
        0,
        Math.min(
          amounts.reduce((s, a) => s + a, 0),
          2 ** 47,
        ) + 1,
      );
      const shares = shareInProportion(amounts, total);
      const exactSum = amounts.reduce((s, a) => s + a, 0);
      assert.equal(
        shares.reduce((s, x) => s + x, 0),
        total,
        JSON.stringify({ amounts, total }),
      );
      shares.forEach((share, i) => {
        assert.ok(Number.isInteger(share) && share >= 0);
        if (amounts[i] === 0) assert.equal(share, 0);
        assert.ok(share <= amounts[i]!, 'no more than the amount');
        assert.ok(Math.abs(share - (total * amounts[i]!) / exactSum) < 1.000001, 'within a paisa');
      });
    }
  });

  test('allocateDiscount: only eligible lines get a share, and the shares add up exactly', () => {
    assert.deepEqual(allocateDiscount([1000, 3000, 999], [true, false, true], 500), [250, 0, 250]);
    for (let n = 0; n < 500; n++) {
      const amounts = Array.from({ length: randomInt(1, 10) }, () => randomInt(1, 50_000_00));
      const eligible = amounts.map(() => randomInt(3) > 0);
      eligible[randomInt(eligible.length)] = true;
      const eligibleSum = amounts.reduce((s, a, i) => (eligible[i] ? s + a : s), 0);
      const discount = randomInt(0, eligibleSum + 1);
      const shares = allocateDiscount(amounts, eligible, discount);
      assert.equal(
        shares.reduce((s, x) => s + x, 0),
        discount,
      );
      shares.forEach((s, i) => assert.ok(eligible[i] ? s <= amounts[i]! : s === 0));
    }
    assert.throws(() => allocateDiscount([1, 2], [true], 1), RangeError);
  });

  test("quote: each line's share of the discount, for the orders module", async () => {
    const coupon = await addCoupon({ discountValue: 15, categoryIds: [shoe.masterId] });
    const lines: PricedLine[] = [
      { productId: shirt.productId, categoryId: shirt.categoryId, lineSubtotalPaise: 1_299_00 },
      { productId: shoe.productId, categoryId: shoe.categoryId, lineSubtotalPaise: 2_499_00 },
      { productId: sandal.productId, categoryId: sandal.categoryId, lineSubtotalPaise: 1_000_01 },
    ];
    const result = await couponService.quote(coupon.code, { userId: null, lines });
    assert.equal(result.discountPaise, pct(2_499_00 + 1_000_01, 15));
    assert.equal(result.lineDiscounts[0], 0);
    assert.equal(
      result.lineDiscounts.reduce((s, x) => s + x, 0),
      result.discountPaise,
    );
    assert.equal(result.eligibleSubtotalPaise, 2_499_00 + 1_000_01);
    assert.deepEqual(result.eligibleProductIds, [shoe.productId, sandal.productId]);
    assert.equal(result.coupon.id, coupon.id);
  });
});

describe("an order's use of a coupon", () => {
  const use = (couponId: string, userId: string, orderId: string = randomUUID()) => ({
    couponId,
    userId,
    orderId,
    discountPaise: 100_00,
  });
  const uses = async (couponId: string) =>
    (
      await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM coupon_redemptions WHERE coupon_id = ${couponId}::uuid AND released_at IS NULL`,
      )
    )[0]!.n;

  test('redeem records the use; over the total limit 409 usedUp; released uses free a place', async () => {
    const coupon = await addCoupon({ usageLimit: 1 });
    const [a, b] = [await register(ctx.app), await register(ctx.app)];
    const first = use(coupon.id, a.userId);
    await db.transaction((tx) => couponService.redeem(tx, first));
    await db.transaction((tx) => couponService.redeem(tx, first));
    assert.equal(await uses(coupon.id), 1, 'the same order twice is one use');
    await assert.rejects(
      db.transaction((tx) => couponService.redeem(tx, use(coupon.id, b.userId))),
      (err) => err instanceof ConflictError && err.statusCode === 409 && err.message === COUPON_MESSAGES.usedUp,
    );
    await couponService.release(db, first.orderId);
    await couponService.release(db, first.orderId);
    const [released] = await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, first.orderId));
    assert.ok(released!.releasedAt);
    await db.transaction((tx) => couponService.redeem(tx, use(coupon.id, b.userId)));
    assert.equal(await uses(coupon.id), 1);
  });

  test('redeem re-checks the per-user limit, first order (other orders only) and the dates', async () => {
    const perUser = await addCoupon({ usageLimitPerUser: 1 });
    const shopper = await register(ctx.app);
    await couponService.redeem(db, use(perUser.id, shopper.userId));
    await assert.rejects(
      couponService.redeem(db, use(perUser.id, shopper.userId)),
      (err) => err instanceof ValidationError && err.message === COUPON_MESSAGES.alreadyUsed,
    );

    const first = await addCoupon({ firstOrderOnly: true });
    const newcomer = await register(ctx.app);
    const orderId = await addOrder(newcomer.userId, 'pending_payment');
    await couponService.redeem(db, use(first.id, newcomer.userId, orderId));
    const secondOrder = await addOrder(newcomer.userId, 'pending_payment');
    await assert.rejects(
      couponService.redeem(db, use(first.id, newcomer.userId, secondOrder)),
      (err) => err instanceof ValidationError && err.message === COUPON_MESSAGES.firstOrderOnly,
    );

    const ended = await addCoupon({ endsAt: dbTime("- interval '1 second'") });
    await assert.rejects(
      couponService.redeem(db, use(ended.id, shopper.userId)),
      (err) => err instanceof ValidationError && err.message === COUPON_MESSAGES.expired,
    );
    await assert.rejects(
      couponService.redeem(db, use(randomUUID(), shopper.userId)),
      (err) => err instanceof NotFoundError && err.message === COUPON_MESSAGES.notFound,
    );
  });

  test('orders racing for the last uses: exactly the limit succeeds', async () => {
    const coupon = await addCoupon({ usageLimit: 3 });
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => register(ctx.app)));
    const results = await Promise.allSettled(
      shoppers.map((s) => db.transaction((tx) => couponService.redeem(tx, use(coupon.id, s.userId)))),
    );
    assert.equal(results.filter((r) => r.status === 'fulfilled').length, 3);
    for (const r of results) {
      if (r.status === 'rejected') assert.equal((r.reason as Error).message, COUPON_MESSAGES.usedUp);
    }
    assert.equal(await uses(coupon.id), 3);
  });
});

describe('gift cards', () => {
  const quote = (code: string, preDiscountAmount?: number) =>
    validate({ code, isGiftCard: true, ...(preDiscountAmount === undefined ? {} : { preDiscountAmount }) });

  test('partial cover: the whole balance goes to the order', async () => {
    const card = await addGiftCard(500_00);
    const res = await quote(card.code, 2_000);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, COUPON_MESSAGES.giftCardApplied);
    assert.deepEqual(res.body.data, {
      code: card.code,
      discountAmount: 500,
      isGiftCard: true,
      description: 'Gift card',
      replacedCode: null,
      appliedTo: { productIds: [], eligibleSubtotal: 2_000 },
      balance: 500,
      remainingBalance: 0,
    });
    assert.equal(await balanceOf(card.id), 500_00, 'a quote holds nothing');
  });

  test('full cover: the order is paid and the rest stays on the card', async () => {
    const card = await addGiftCard(2_000_00);
    const res = await quote(card.code.toLowerCase(), 1_234.5);
    assert.equal(res.body.data.discountAmount, 1_234.5);
    assert.equal(res.body.data.balance, 2_000);
    assert.equal(res.body.data.remainingBalance, 765.5);
  });

  test('unknown, switched off, expired, empty, and nothing to pay', async () => {
    assertRefused(await quote('VASTRA-GIFT-NOPE', 100), 404, COUPON_MESSAGES.giftCardNotFound);
    const off = await addGiftCard(100_00, { isActive: false });
    assertRefused(await quote(off.code, 100), 404, COUPON_MESSAGES.giftCardNotFound);
    const expired = await addGiftCard(100_00, { expiresAt: dbTime("- interval '1 minute'") });
    assertRefused(await quote(expired.code, 100), 400, COUPON_MESSAGES.giftCardExpired);
    const empty = await addGiftCard(100_00, { balancePaise: 0 });
    assertRefused(await quote(empty.code, 100), 400, COUPON_MESSAGES.giftCardEmpty);
    const card = await addGiftCard(100_00);
    assertRefused(await quote(card.code, 0), 400, COUPON_MESSAGES.giftCardNothingToPay);
    assertRefused(await quote(card.code), 400, COUPON_MESSAGES.giftCardNothingToPay);
  });

  test('hold takes min(balance, max), records it, and a second hold of the same order is the first', async () => {
    const card = await addGiftCard(500_00);
    const orderA = randomUUID();
    const a = await db.transaction((tx) =>
      giftCardService.hold(tx, { code: card.code, orderId: orderA, maxPaise: 120_00 }),
    );
    assert.deepEqual(a, { giftCardId: card.id, code: card.code, amountPaise: 120_00 });
    assert.equal(
      (await giftCardService.hold(db, { code: card.code, orderId: orderA, maxPaise: 999_00 })).amountPaise,
      120_00,
    );
    assert.equal(await balanceOf(card.id), 380_00);
    const b = await giftCardService.hold(db, { code: card.code, orderId: randomUUID(), maxPaise: 999_00 });
    assert.equal(b.amountPaise, 380_00, 'partial cover: what is left');
    assert.equal(await balanceOf(card.id), 0);
    const rows = await db.select().from(giftCardTransactions).where(eq(giftCardTransactions.giftCardId, card.id));
    assert.deepEqual(
      rows.map((r) => [r.kind, r.amountPaise]).sort((x, y) => Number(x[1]) - Number(y[1])),
      [
        ['hold', -380_00],
        ['hold', -120_00],
      ],
    );
    await assert.rejects(
      giftCardService.hold(db, { code: card.code, orderId: randomUUID(), maxPaise: 1 }),
      (err) => err instanceof ValidationError && err.message === COUPON_MESSAGES.giftCardEmpty,
    );
  });

  test('holds racing for one card never take it below 0, and together take exactly the balance', async () => {
    const card = await addGiftCard(1_000_00);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () =>
        db.transaction((tx) => giftCardService.hold(tx, { code: card.code, orderId: randomUUID(), maxPaise: 300_00 })),
      ),
    );
    const held = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.amountPaise] : []));
    assert.equal(
      held.reduce((s, x) => s + x, 0),
      1_000_00,
    );
    assert.deepEqual(
      held.sort((x, y) => y - x),
      [300_00, 300_00, 300_00, 100_00],
    );
    for (const r of results) {
      if (r.status === 'rejected') assert.equal((r.reason as Error).message, COUPON_MESSAGES.giftCardEmpty);
    }
    assert.equal(await balanceOf(card.id), 0);
  });

  test('release gives the hold back exactly once', async () => {
    const card = await addGiftCard(500_00);
    const orderId = randomUUID();
    await giftCardService.hold(db, { code: card.code, orderId, maxPaise: 300_00 });
    assert.equal(await db.transaction((tx) => giftCardService.release(tx, orderId)), 300_00);
    assert.equal(await giftCardService.release(db, orderId), 0);
    const racing = await Promise.all([1, 2].map(() => db.transaction((tx) => giftCardService.release(tx, orderId))));
    assert.deepEqual(racing, [0, 0]);
    assert.equal(await balanceOf(card.id), 500_00);
    assert.equal(await giftCardService.release(db, randomUUID()), 0, 'an order without a gift card');
  });

  test('refund gives back a returned share, capped by the hold and by the initial balance', async () => {
    const card = await addGiftCard(500_00);
    const orderId = randomUUID();
    await giftCardService.hold(db, { code: card.code, orderId, maxPaise: 500_00 });
    assert.equal(await giftCardService.refund(db, orderId, 200_00), 200_00);
    assert.equal(await balanceOf(card.id), 200_00);
    assert.equal(await giftCardService.refund(db, orderId, 1_000_00), 300_00, 'no more than was held');
    assert.equal(await giftCardService.refund(db, orderId, 1_00), 0);
    assert.equal(await balanceOf(card.id), 500_00);
    assert.equal(await giftCardService.release(db, orderId), 0, 'nothing left to release after a full refund');
    assert.equal(await giftCardService.refund(db, randomUUID(), 100_00), 0, 'an order without a gift card');

    const other = await addGiftCard(500_00);
    const held = randomUUID();
    await giftCardService.hold(db, { code: other.code, orderId: held, maxPaise: 300_00 });
    await db.update(giftCards).set({ balancePaise: 450_00 }).where(eq(giftCards.id, other.id));
    assert.equal(await giftCardService.refund(db, held, 300_00), 50_00, 'never above the initial balance');
    assert.equal(await balanceOf(other.id), 500_00);

    const partly = await addGiftCard(500_00);
    const returned = randomUUID();
    await giftCardService.hold(db, { code: partly.code, orderId: returned, maxPaise: 400_00 });
    await giftCardService.refund(db, returned, 150_00);
    assert.equal(await giftCardService.release(db, returned), 250_00, 'a release after a refund gives back the rest');
    assert.equal(await balanceOf(partly.id), 500_00);
    assert.equal(await giftCardService.refund(db, returned, 100_00), 0, 'nothing to refund after a release');
  });
});
