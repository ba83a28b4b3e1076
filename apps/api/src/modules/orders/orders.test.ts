/**
 * Placing orders through HTTP (behaviour.md §7 Orders, §4 Pricing): prices recomputed on the server,
 * address rules, stock taken and given back, coupons and gift cards, GST split by state,
 * idempotent retries, behaviour.md §4 payment status through the sandbox gateway, expiry of unpaid
 * orders, cash on delivery, owner-only reads and the confirmation mail over real SMTP.
 *
 * @postgres: retries of one idempotency key race as real transactions there.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import {
  AUTH_MESSAGES,
  ORDER_MESSAGES,
  codLimitExceeded,
  lawRateFor,
  orderOutOfStock,
  pincodeStateMismatch,
  ADDRESS_MESSAGES,
  VALIDATION_MESSAGES,
  type Order,
} from '@vastra/contracts';
import { queryRows } from '../../db/client';
import { bearer, fromStorefront, register, type Account } from '../../test/accounts';
import { pickProducts, setHsnCode, setPricePaise, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, DELHI_ADDRESS, MANY_ORDERS_ENV, createCoupon, createGiftCard } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';

let ctx: TestContext;
let smtp: TestSmtpServer;
let products: TestProduct[];
let shopper: Account;

/** The HSN code of wrist watches: GST 18 % at any price (GST_LAW_RULES). */
const WATCHES = '9102';
assert.equal(lawRateFor(WATCHES, 118_000, true).rateBasisPoints, 1800);

const KARNATAKA = BENGALURU_ADDRESS;
const DELHI = DELHI_ADDRESS;

before(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, COD_MAX_ORDER_RUPEES: '10000', ...MANY_ORDERS_ENV } });
  products = await pickProducts(ctx.database.db, 8, { minVariants: 2 });
  // Watches: their rule (HSN 9102) is 18 % at any price, so the figures below are at 18 %.
  await setHsnCode(
    ctx.database.db,
    products.map((p) => p.id),
    WATCHES,
  );
  // Round prices make the expected figures readable: ₹ 1,180 and ₹ 590 a piece.
  for (const p of products) {
    await setPricePaise(ctx.database.db, p.variants[0]!.id, 118_000);
    await setPricePaise(ctx.database.db, p.variants[1]!.id, 59_000);
    for (const v of p.variants) await setStock(ctx.database.db, v.id, 10);
  }
  shopper = await register(ctx.app, { name: 'Asha Rao' });
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

type Answer<T = { order: Order }> = { status: number; body: { success: boolean; message?: string; data: T } };

async function call<T = { order: Order }>(
  method: 'GET' | 'POST',
  url: string,
  account: Account | null,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: { ...(account ? bearer(account.token) : {}), ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

const line = (product: TestProduct, variant: number, quantity: number, extra: object = {}) => ({
  productId: product.id,
  variantId: product.variants[variant]!.id,
  quantity,
  ...extra,
});

const placeOrder = (account: Account, body: object, headers: Record<string, string> = {}) =>
  call('POST', '/orders', account, { shippingAddress: KARNATAKA, paymentMethod: 'sandbox', ...body }, headers);

async function stockOf(variantId: string): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    ctx.database.db,
    sql`SELECT stock FROM variants WHERE id = ${variantId}::uuid`,
  );
  return row!.stock;
}

async function giftCardBalance(code: string): Promise<number> {
  const [row] = await queryRows<{ balance: number }>(
    ctx.database.db,
    sql`SELECT balance_paise AS balance FROM gift_cards WHERE code = ${code}`,
  );
  return row!.balance;
}

async function couponUses(code: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`SELECT count(*)::int AS n FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id
        WHERE c.code = ${code} AND r.released_at IS NULL`,
  );
  return row!.n;
}

/** Chooses an outcome on the sandbox payment page, as the shopper's browser would post the form. */
async function paySandbox(order: Order, outcome: 'success' | 'failure' | 'pending') {
  assert.ok(order.paymentUrl, 'an online order has a payment page');
  const path = new URL(order.paymentUrl).pathname;
  const res = await ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  assert.equal(res.statusCode, 303, res.body);
  return res;
}

const sumOf = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100;

describe('placing an order', () => {
  test('prices come from the catalogue: a tampered client price is ignored; stock is taken and the cart lines go', async () => {
    const [p] = products;
    await call('POST', '/cart/add', shopper, line(p!, 0, 2));
    const before = await stockOf(p!.variants[0]!.id);

    const res = await placeOrder(shopper, { items: [line(p!, 0, 2, { price: 1 })] });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.message, ORDER_MESSAGES.created);
    const order = res.body.data.order;
    assert.match(order.orderNumber, /^VST-\d{6}$/);
    assert.equal(order.status, 'pending_payment');
    assert.equal(order.paymentStatus, 'pending');
    assert.equal(order.paymentGateway, 'sandbox');
    assert.equal(order.items[0]!.unitPrice, 1180);
    assert.equal(order.subtotal, 2360);
    assert.equal(order.totalAmount, 2360, 'prices include GST: the total is what the shelf said');
    assert.equal(order.amountPayable, 2360);
    assert.match(order.paymentUrl ?? '', /\/payments\/sandbox\//);
    assert.ok(order.paymentExpiresAt);
    assert.equal(await stockOf(p!.variants[0]!.id), before - 2);

    const cart = await call<{ cart: { items: unknown[] } }>('GET', '/cart', shopper);
    assert.equal(cart.body.data.cart.items.length, 0, 'the ordered lines left the cart');
  });

  test('without items the order is made of the cart', async () => {
    const account = await register(ctx.app);
    await call('POST', '/cart/add', account, line(products[1]!, 1, 3));
    const res = await placeOrder(account, {});
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.order.items.map((i) => [i.variantId, i.quantity]),
      [[products[1]!.variants[1]!.id, 3]],
    );
    const empty = await placeOrder(account, {});
    assert.equal(empty.status, 400);
    assert.equal(empty.body.message, ORDER_MESSAGES.itemsRequired);
  });

  test('a payment method is required (behaviour.md §5), login is required, and another site may not post with the cookie', async () => {
    const missing = await call('POST', '/orders', shopper, {
      items: [line(products[0]!, 1, 1)],
      shippingAddress: KARNATAKA,
    });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, ORDER_MESSAGES.paymentMethodRequired);
    const unknown = await placeOrder(shopper, { items: [line(products[0]!, 1, 1)], paymentMethod: 'bitcoin' });
    assert.equal(unknown.body.message, ORDER_MESSAGES.paymentMethodRequired);

    const anonymous = await call('POST', '/orders', null, {
      items: [line(products[0]!, 1, 1)],
      shippingAddress: KARNATAKA,
      paymentMethod: 'cod',
    });
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.message, AUTH_MESSAGES.authRequired);

    const res = await ctx.app.inject({
      method: 'POST',
      url: '/orders',
      headers: { cookie: shopper.cookie, origin: 'https://evil.example' },
      payload: { items: [line(products[0]!, 1, 1)], shippingAddress: KARNATAKA, paymentMethod: 'cod' },
    });
    assert.equal(res.statusCode, 403);
  });

  test('addresses follow the India Post directory: unknown pincode, pincode of another state, bad phone, not India', async () => {
    const items = [line(products[0]!, 1, 1)];
    const stock = await stockOf(products[0]!.variants[1]!.id);
    const cases: [object, string][] = [
      [{ ...KARNATAKA, postalCode: '999999' }, ADDRESS_MESSAGES.pincodeUnknown],
      [{ ...KARNATAKA, postalCode: '110001' }, pincodeStateMismatch('110001', 'Delhi')],
      [{ ...KARNATAKA, postalCode: '056001' }, VALIDATION_MESSAGES.postalCode],
      [{ ...KARNATAKA, phone: '12345' }, VALIDATION_MESSAGES.phone],
      [{ ...KARNATAKA, country: 'Nepal' }, VALIDATION_MESSAGES.country],
    ];
    for (const [shippingAddress, message] of cases) {
      const res = await placeOrder(shopper, { items, shippingAddress });
      assert.equal(res.status, 400, JSON.stringify(shippingAddress));
      assert.equal(res.body.message, message);
    }
    assert.equal(await stockOf(products[0]!.variants[1]!.id), stock, 'refused orders take no stock');
  });

  test('GST: CGST + SGST inside the store state, IGST for another state; totals are the sums of the lines', async () => {
    const items = [line(products[2]!, 0, 1), line(products[2]!, 1, 3)];
    const local = (await placeOrder(shopper, { items, paymentMethod: 'cod' })).body.data.order;
    assert.deepEqual(
      local.taxes.map((t) => [t.name, t.rate]),
      [
        ['CGST', 9],
        ['SGST', 9],
      ],
    );
    // ₹ 2,950 including 18 % GST: taxable ₹ 2,500, GST ₹ 450.
    assert.equal(local.totalAmount, 2950);
    assert.equal(local.totalTax, 450);
    assert.equal(local.taxableAmount, 2500);
    assert.equal(local.taxes[0]!.amount, local.taxes[1]!.amount);

    const away = (await placeOrder(shopper, { items, paymentMethod: 'cod', shippingAddress: DELHI })).body.data.order;
    assert.deepEqual(
      away.taxes.map((t) => [t.name, t.rate, t.amount]),
      [['IGST', 18, 450]],
    );
    for (const order of [local, away]) {
      assert.equal(sumOf(order.items.map((i) => i.total)), order.totalAmount);
      assert.equal(sumOf(order.items.map((i) => i.tax)), order.totalTax);
      assert.equal(sumOf(order.items.map((i) => i.taxableValue)), order.taxableAmount);
      assert.equal(sumOf(order.taxes.map((t) => t.amount)), order.totalTax);
      assert.equal(sumOf([order.taxableAmount, order.totalTax]), order.totalAmount);
      for (const i of order.items) assert.equal(sumOf([i.cgst, i.sgst, i.igst]), i.tax);
    }
  });

  test('more than the stock is refused with a clear message and changes nothing', async () => {
    const p = products[3]!;
    await setStock(ctx.database.db, p.variants[0]!.id, 2);
    await createCoupon(ctx.database.db, 'STOCKTEST10');
    const res = await placeOrder(shopper, { items: [line(p, 1, 1), line(p, 0, 3)], coupon: 'STOCKTEST10' });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, orderOutOfStock(await nameOf(p.id), p.variants[0]!.size, 2));
    assert.equal(await stockOf(p.variants[0]!.id), 2);
    assert.equal(await stockOf(p.variants[1]!.id), 10, 'the other line kept its stock too');
    assert.equal(await couponUses('STOCKTEST10'), 0);
  });
});

async function nameOf(productId: string): Promise<string> {
  const [row] = await queryRows<{ name: string }>(
    ctx.database.db,
    sql`SELECT name FROM products WHERE id = ${productId}::uuid`,
  );
  return row!.name;
}

describe('retries with an Idempotency-Key', () => {
  test('the same key answers the first order, once, even when the retries race', async () => {
    const p = products[4]!;
    const stock = await stockOf(p.variants[0]!.id);
    const key = `retry-${Date.now()}`;
    const first = await placeOrder(shopper, { items: [line(p, 0, 1)] }, { 'idempotency-key': key });
    assert.equal(first.status, 201);
    const again = await placeOrder(shopper, { items: [line(p, 0, 1)] }, { 'idempotency-key': key });
    assert.equal(again.status, 200);
    assert.equal(again.body.data.order.id, first.body.data.order.id);

    const raceKey = `race-${Date.now()}`;
    const raced = await Promise.all(
      Array.from({ length: 4 }, () => placeOrder(shopper, { items: [line(p, 0, 1)] }, { 'idempotency-key': raceKey })),
    );
    assert.equal(new Set(raced.map((r) => r.body.data.order.id)).size, 1);
    assert.deepEqual(raced.map((r) => r.status).sort(), [200, 200, 200, 201]);
    assert.equal(await stockOf(p.variants[0]!.id), stock - 2, 'two orders, one piece each');

    const bad = await placeOrder(shopper, { items: [line(p, 0, 1)] }, { 'idempotency-key': 'no spaces!' });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.message, ORDER_MESSAGES.invalidIdempotencyKey);
  });
});

describe('coupons and gift cards on an order', () => {
  test('the coupon discount is shared over the lines and the gift card pays part of the rest', async () => {
    await createCoupon(ctx.database.db, 'ORDER10', { value: 10 });
    await createGiftCard(ctx.database.db, 'GIFT-ORDER-PART-0001', 50_000);
    const items = [line(products[5]!, 0, 1), line(products[5]!, 1, 2)];
    const res = await placeOrder(shopper, { items, coupon: 'order10', additionalCoupon: 'GIFT-ORDER-PART-0001' });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const order = res.body.data.order;
    // Subtotal ₹ 2,360; 10 % off = ₹ 236; total ₹ 2,124 (GST included); gift card ₹ 500.
    assert.deepEqual(order.coupon, { code: 'ORDER10', discountAmount: 236 });
    assert.equal(sumOf(order.items.map((i) => i.discount)), 236);
    assert.equal(order.totalAmount, 2124);
    assert.deepEqual(order.additionalCoupon, { code: 'GIFT-ORDER-PART-0001', amount: 500 });
    assert.equal(order.amountPayable, 1624);
    assert.equal(order.status, 'pending_payment');
    assert.equal(await giftCardBalance('GIFT-ORDER-PART-0001'), 0, 'the balance goes down when the order is placed');
    assert.equal(await couponUses('ORDER10'), 1);
  });

  test('a gift card that covers everything completes the payment at once', async () => {
    await createGiftCard(ctx.database.db, 'GIFT-ORDER-FULL-0001', 500_000);
    const res = await placeOrder(shopper, {
      items: [line(products[5]!, 1, 1)],
      additionalCoupon: 'GIFT-ORDER-FULL-0001',
    });
    const order = res.body.data.order;
    assert.equal(order.amountPayable, 0);
    assert.equal(order.giftCardAmount, 590);
    assert.equal(order.paymentStatus, 'completed');
    assert.equal(order.status, 'placed');
    assert.equal(order.paymentUrl, null);
    assert.equal(await giftCardBalance('GIFT-ORDER-FULL-0001'), 500_000 - 59_000);
  });

  test('an unknown coupon or gift card refuses the order and takes nothing', async () => {
    const p = products[5]!;
    const stock = await stockOf(p.variants[0]!.id);
    const coupon = await placeOrder(shopper, { items: [line(p, 0, 1)], coupon: 'NOSUCHCODE' });
    assert.equal(coupon.status, 404);
    assert.equal(coupon.body.message, 'Coupon not found');
    const gift = await placeOrder(shopper, { items: [line(p, 0, 1)], additionalCoupon: 'NOSUCHGIFT-0000' });
    assert.equal(gift.status, 404);
    assert.equal(gift.body.message, 'Gift card not found');
    assert.equal(await stockOf(p.variants[0]!.id), stock);
  });
});

describe('payment status (behaviour.md §4) through the sandbox gateway', () => {
  test('Success completes the payment and places the order; the confirmation mail arrives with the totals', async () => {
    const account = await register(ctx.app, { name: 'Meera Kulkarni' });
    const order = (await placeOrder(account, { items: [line(products[6]!, 0, 1), line(products[6]!, 1, 1)] })).body.data
      .order;
    const pending = await call<{ paymentStatus: string }>('GET', `/orders/${order.id}/payment-status`, account);
    assert.equal(pending.body.data.paymentStatus, 'pending');

    const res = await paySandbox(order, 'success');
    assert.equal(res.headers.location, `${ctx.config.storefrontOrigins[0]}/checkout/confirmation/${order.id}`);
    const status = await call<{ paymentStatus: string; status: string; paymentUrl: string | null }>(
      'GET',
      `/orders/${order.id}/payment-status`,
      account,
    );
    assert.equal(status.body.data.paymentStatus, 'completed');
    assert.equal(status.body.data.status, 'placed');
    assert.equal(status.body.data.paymentUrl, null);

    // The first mail to a new account is its verification code; the confirmation comes next.
    await smtp.waitForMail(account.email);
    const mail = await smtp.waitForMail(account.email);
    assert.equal(mail.subject, `Your Vastra order ${order.orderNumber} is confirmed`);
    const text = mail.text ?? '';
    assert.match(text, /Hi Meera Kulkarni,/);
    assert.match(text, /Order total: ₹ 1,770/);
    assert.match(text, /CGST 9% \(included\): ₹ 135/);
    assert.match(text, /SGST 9% \(included\): ₹ 135/);
    assert.match(text, new RegExp(`HSN \\d+`));
    assert.match(mail.html || '', /₹ 1,770/);

    const confirmation = await call('GET', `/orders/getOrderConfirmation/${order.id}`, account);
    assert.equal(confirmation.body.data.order.paymentStatus, 'completed');
  });

  test('Failure marks the payment failed and gives back the stock, the coupon use and the gift card', async () => {
    const p = products[7]!;
    await createCoupon(ctx.database.db, 'FAILBACK10');
    await createGiftCard(ctx.database.db, 'GIFT-FAIL-BACK-0001', 20_000);
    const stock = await stockOf(p.variants[0]!.id);
    const order = (
      await placeOrder(shopper, {
        items: [line(p, 0, 2)],
        coupon: 'FAILBACK10',
        additionalCoupon: 'GIFT-FAIL-BACK-0001',
      })
    ).body.data.order;
    assert.equal(await stockOf(p.variants[0]!.id), stock - 2);
    assert.equal(await giftCardBalance('GIFT-FAIL-BACK-0001'), 0);

    await paySandbox(order, 'failure');
    const status = await call<{ paymentStatus: string; status: string }>(
      'GET',
      `/orders/${order.id}/payment-status`,
      shopper,
    );
    assert.equal(status.body.data.paymentStatus, 'failed');
    assert.equal(status.body.data.status, 'payment_failed');
    assert.equal(await stockOf(p.variants[0]!.id), stock);
    assert.equal(await giftCardBalance('GIFT-FAIL-BACK-0001'), 20_000);
    assert.equal(await couponUses('FAILBACK10'), 0);
  });

  test('Pending keeps the order waiting with its payment page', async () => {
    const order = (await placeOrder(shopper, { items: [line(products[7]!, 1, 1)] })).body.data.order;
    await paySandbox(order, 'pending');
    const status = await call<{ paymentStatus: string; paymentUrl: string | null }>(
      'GET',
      `/orders/${order.id}/payment-status`,
      shopper,
    );
    assert.equal(status.body.data.paymentStatus, 'pending');
    assert.equal(status.body.data.paymentUrl, order.paymentUrl);
  });

  test('an unpaid online order expires: its stock comes back and its payment is failed', async () => {
    const p = products[6]!;
    const stock = await stockOf(p.variants[1]!.id);
    const order = (await placeOrder(shopper, { items: [line(p, 1, 2)] })).body.data.order;
    assert.equal(await stockOf(p.variants[1]!.id), stock - 2);
    await ctx.database.db.execute(
      sql`UPDATE orders SET payment_expires_at = now() - interval '1 minute' WHERE id = ${order.id}::uuid`,
    );
    const status = await call<{ paymentStatus: string; status: string }>(
      'GET',
      `/orders/${order.id}/payment-status`,
      shopper,
    );
    assert.equal(status.body.data.paymentStatus, 'failed');
    assert.equal(status.body.data.status, 'payment_failed');
    assert.equal(await stockOf(p.variants[1]!.id), stock);
    // Paying on the stale page afterwards cannot bring the order back.
    await paySandbox(order, 'success');
    const after = await call<{ paymentStatus: string }>('GET', `/orders/${order.id}/payment-status`, shopper);
    assert.equal(after.body.data.paymentStatus, 'failed');
  });
});

describe('cash on delivery', () => {
  test('is placed at once with the payment pending until delivery', async () => {
    const order = (await placeOrder(shopper, { items: [line(products[0]!, 1, 1)], paymentMethod: 'cod' })).body.data
      .order;
    assert.equal(order.status, 'placed');
    assert.equal(order.paymentStatus, 'pending');
    assert.equal(order.paymentGateway, 'cod');
    assert.equal(order.paymentUrl, null);
    assert.equal(order.paymentExpiresAt, null);
  });

  test('is refused above its limit (₹ 10,000)', async () => {
    const p = products[1]!;
    const stock = await stockOf(p.variants[0]!.id);
    const res = await placeOrder(shopper, { items: [line(p, 0, 9)], paymentMethod: 'cod' });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, codLimitExceeded(10_000));
    assert.equal(await stockOf(p.variants[0]!.id), stock);
  });
});

describe('reading orders', () => {
  test('my orders are listed newest first; someone else’s order is 404, as is a malformed id', async () => {
    const list = await call<{ orders: Order[]; meta: { total: number } }>('GET', '/orders/my-orders?limit=50', shopper);
    assert.equal(list.status, 200);
    const times = list.body.data.orders.map((o) => o.createdAt);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.equal(list.body.data.meta.total, list.body.data.orders.length);

    const mine = list.body.data.orders[0]!;
    assert.equal((await call('GET', `/orders/${mine.id}`, shopper)).body.data.order.id, mine.id);
    const stranger = await register(ctx.app);
    for (const url of [
      `/orders/${mine.id}`,
      `/orders/${mine.id}/payment-status`,
      `/orders/getOrderConfirmation/${mine.id}`,
    ]) {
      const res = await call('GET', url, stranger);
      assert.equal(res.status, 404, url);
      assert.equal(res.body.message, ORDER_MESSAGES.notFound);
    }
    assert.equal((await call('GET', '/orders/not-a-uuid', shopper)).status, 404);
    assert.equal((await call('GET', '/orders/my-orders', null)).status, 401);
  });

  test('checkout options say what may be offered', async () => {
    const res = await call<{ paymentMethods: string[]; codMaxAmount: number; pricesIncludeTax: boolean }>(
      'GET',
      '/orders/checkout-options',
      shopper,
    );
    assert.deepEqual(res.body.data.paymentMethods, ['sandbox', 'cod']);
    assert.equal(res.body.data.codMaxAmount, 10_000);
    assert.equal(res.body.data.pricesIncludeTax, true);
  });
});

describe('prices without GST (PRICES_INCLUDE_GST=false)', () => {
  test('GST is added on top of the discounted price', async () => {
    const other = await createTestApp({ env: { PRICES_INCLUDE_GST: 'false' } });
    try {
      const [p] = await pickProducts(other.database.db, 1);
      await setHsnCode(other.database.db, [p!.id], WATCHES);
      await setPricePaise(other.database.db, p!.variants[0]!.id, 100_000);
      await setStock(other.database.db, p!.variants[0]!.id, 5);
      const account = await register(other.app);
      const res = await other.app.inject({
        method: 'POST',
        url: '/orders',
        headers: bearer(account.token),
        payload: { items: [line(p!, 0, 1)], shippingAddress: DELHI, paymentMethod: 'cod' },
      });
      const order = res.json().data.order as Order;
      assert.equal(order.pricesIncludeTax, false);
      assert.equal(order.taxableAmount, 1000);
      assert.equal(order.totalTax, 180);
      assert.equal(order.totalAmount, 1180);
    } finally {
      await other.close();
    }
  });
});

describe('fromStorefront cookie session', () => {
  test('a cookie-authenticated order from the storefront origin is accepted', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/orders',
      headers: fromStorefront(shopper.cookie),
      payload: { items: [line(products[0]!, 1, 1)], shippingAddress: KARNATAKA, paymentMethod: 'cod' },
    });
    assert.equal(res.statusCode, 201, res.body);
  });
});
