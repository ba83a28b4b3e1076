/**
 * After the purchase, the shopper's side (behaviour.md §7 Orders, §10): cancelling an order before it
 * ships gives back stock, coupon use and gift card, refunds what was paid online (the sandbox
 * refunds at once), mails the shopper; a late payment for a released order is refunded;
 * removing an order from the list; owner-only answers. Real database, real SMTP.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { ORDER_MESSAGES, type Order } from '@vastra/contracts';
import { queryRows } from '../../db/client';
import { bearer, register, type Account } from '../../test/accounts';
import { pickProducts, setPricePaise, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, MANY_ORDERS_ENV, createCoupon, createGiftCard } from '../../test/orders';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';

const OPERATOR_TOKEN = 'operator-token-for-cancel-tests-0123456789';

let ctx: TestContext;
let smtp: TestSmtpServer;
let products: TestProduct[];
let shopper: Account;
let stranger: Account;

before(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestApp({ env: { SMTP_URL: smtp.url, OPERATOR_TOKEN, ...MANY_ORDERS_ENV } });
  products = await pickProducts(ctx.database.db, 4, { minVariants: 2 });
  for (const p of products) {
    await setPricePaise(ctx.database.db, p.variants[0]!.id, 118_000);
    await setPricePaise(ctx.database.db, p.variants[1]!.id, 59_000);
    for (const v of p.variants) await setStock(ctx.database.db, v.id, 10);
  }
  shopper = await register(ctx.app, { name: 'Asha Rao' });
  stranger = await register(ctx.app, { name: 'Ravi Iyer' });
});
after(async () => {
  await ctx.close();
  await smtp.close();
});

type Answer<T = { order: Order }> = { status: number; body: { success: boolean; message?: string; data: T } };

async function call<T = { order: Order }>(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  account: Account | null,
  payload?: object,
): Promise<Answer<T>> {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: account ? bearer(account.token) : { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  return { status: res.statusCode, body: res.json() };
}

const line = (product: TestProduct, variant: number, quantity: number) => ({
  productId: product.id,
  variantId: product.variants[variant]!.id,
  quantity,
});

async function place(account: Account, body: object): Promise<Order> {
  const res = await call('POST', '/orders', account, {
    shippingAddress: BENGALURU_ADDRESS,
    paymentMethod: 'sandbox',
    ...body,
  });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.data.order;
}

/** Chooses an outcome on the sandbox payment page, as the shopper's browser posts the form. */
async function paySandbox(order: Order, outcome: 'success' | 'failure') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: new URL(order.paymentUrl!).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
  assert.equal(res.statusCode, 303, res.body);
}

/** A sandbox order paid with Success. */
async function paidOrder(account: Account, body: object): Promise<Order> {
  const order = await place(account, body);
  await paySandbox(order, 'success');
  return order;
}

/**
 * The shopper's next mail with this subject. Mails before it that a test does not look at
 * (confirmations, refund notices) are passed over, so each test reads only its own.
 */
async function mailTitled(subject: string) {
  for (;;) {
    const mail = await smtp.waitForMail(shopper.email);
    if (mail.subject === subject) return mail;
  }
}

const read = async (account: Account, id: string) => (await call('GET', `/orders/${id}`, account)).body.data.order;
const cancel = (account: Account, id: string, reason = 'Ordered the wrong size') =>
  call('POST', `/orders/${id}/cancel`, account, { reason });

async function stockOf(variantId: string): Promise<number> {
  const [row] = await queryRows<{ stock: number }>(
    ctx.database.db,
    sql`SELECT stock FROM variants WHERE id = ${variantId}::uuid`,
  );
  return row!.stock;
}

async function couponUses(code: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`SELECT count(*)::int AS n FROM coupon_redemptions r JOIN coupons c ON c.id = r.coupon_id
        WHERE c.code = ${code} AND r.released_at IS NULL`,
  );
  return row!.n;
}

async function giftCardBalance(code: string): Promise<number> {
  const [row] = await queryRows<{ balance: number }>(
    ctx.database.db,
    sql`SELECT balance_paise AS balance FROM gift_cards WHERE code = ${code}`,
  );
  return row!.balance;
}

describe('cancelling before the order ships', () => {
  test('a paid order: stock, coupon use and gift card come back, the payment is refunded, the shopper is mailed', async () => {
    const p = products[0]!;
    await createCoupon(ctx.database.db, 'CANCEL10');
    await createGiftCard(ctx.database.db, 'GIFT-CANCEL-0001', 50_000);
    const stock = await stockOf(p.variants[0]!.id);
    const order = await paidOrder(shopper, {
      items: [line(p, 0, 2)],
      coupon: 'CANCEL10',
      additionalCoupon: 'GIFT-CANCEL-0001',
    });
    assert.equal(await stockOf(p.variants[0]!.id), stock - 2);
    assert.equal(await couponUses('CANCEL10'), 1);
    assert.equal(await giftCardBalance('GIFT-CANCEL-0001'), 0);
    // ₹ 2,360 less 10 % = ₹ 2,124; the gift card pays ₹ 500, the gateway ₹ 1,624.
    assert.equal((await read(shopper, order.id)).amountPayable, 1624);

    const res = await cancel(shopper, order.id);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, ORDER_MESSAGES.cancelled);
    const cancelled = res.body.data.order;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.cancelReason, 'Ordered the wrong size');
    assert.equal(cancelled.canCancel, false);
    assert.equal(cancelled.canDelete, true);
    const last = cancelled.timeline.at(-1)!;
    assert.deepEqual([last.status, last.actor, last.note], ['cancelled', 'shopper', 'Ordered the wrong size']);
    assert.deepEqual(cancelled.refunds.map((r) => [r.method, r.amount, r.status, r.returnRequestId]).sort(), [
      ['gateway', 1624, 'completed', null],
      ['gift_card', 500, 'completed', null],
    ]);
    assert.equal(await stockOf(p.variants[0]!.id), stock);
    assert.equal(await couponUses('CANCEL10'), 0);
    assert.equal(await giftCardBalance('GIFT-CANCEL-0001'), 50_000);

    const mail = await mailTitled(`Your Vastra order ${order.orderNumber} is cancelled`);
    assert.match(mail.text ?? '', /Reason: Ordered the wrong size/);
    // A mail job reads the order when it runs: the sandbox may have settled the refund by then.
    assert.match(mail.text ?? '', /₹ 1,624 to your original payment method \((pending|completed)\)/);
    assert.match(mail.text ?? '', /₹ 500 to your gift card \(completed\)/);
    assert.match(mail.text ?? '', new RegExp(`http://shop.test/account/orders/${order.id}`));
    // The sandbox settles the refund at once; the shopper hears of it after the cancellation.
    const refunded = await smtp.waitForMail(shopper.email);
    assert.equal(refunded.subject, `Your refund for ${order.orderNumber} is complete`);
    assert.match(refunded.text ?? '', /₹ 1,624 to your original payment method \(completed\)/);

    const again = await cancel(shopper, order.id);
    assert.equal(again.status, 409);
    assert.equal(again.body.message, ORDER_MESSAGES.alreadyCancelled);
  });

  test('cash on delivery: stock back, nothing to refund', async () => {
    const p = products[1]!;
    const stock = await stockOf(p.variants[1]!.id);
    const order = await place(shopper, { items: [line(p, 1, 1)], paymentMethod: 'cod' });
    const res = await cancel(shopper, order.id, 'Found it cheaper');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.order.status, 'cancelled');
    assert.deepEqual(res.body.data.order.refunds, []);
    assert.equal(await stockOf(p.variants[1]!.id), stock);
    await mailTitled(`Your Vastra order ${order.orderNumber} is cancelled`);
  });

  test('an unpaid order: its payment is closed, so paying afterwards refunds the money instead of placing it', async () => {
    const p = products[1]!;
    const stock = await stockOf(p.variants[0]!.id);
    const order = await place(shopper, { items: [line(p, 0, 1)] });
    const res = await cancel(shopper, order.id, 'Changed my mind');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.order.paymentStatus, 'failed');
    assert.equal(res.body.data.order.paymentUrl, null);
    assert.deepEqual(res.body.data.order.refunds, []);
    assert.equal(await stockOf(p.variants[0]!.id), stock);

    await paySandbox(order, 'success');
    const later = await read(shopper, order.id);
    assert.equal(later.status, 'cancelled');
    assert.deepEqual(
      later.refunds.map((r) => [r.method, r.amount, r.status]),
      [['gateway', 1180, 'completed']],
    );
    assert.match(later.timeline.at(-1)!.note ?? '', /Payment received after the order was released: refunded/);
  });

  test('an expired order paid late is refunded too', async () => {
    const order = await place(shopper, { items: [line(products[2]!, 1, 1)] });
    await ctx.database.db.execute(
      sql`UPDATE orders SET payment_expires_at = now() - interval '1 minute' WHERE id = ${order.id}::uuid`,
    );
    const status = await call<{ status: string }>('GET', `/orders/${order.id}/payment-status`, shopper);
    assert.equal(status.body.data.status, 'payment_failed');
    await paySandbox(order, 'success');
    const later = await read(shopper, order.id);
    assert.equal(later.status, 'payment_failed');
    assert.deepEqual(
      later.refunds.map((r) => [r.method, r.amount, r.status]),
      [['gateway', 590, 'completed']],
    );
  });

  test('refused once shipped, and for a failed payment', async () => {
    const order = await paidOrder(shopper, { items: [line(products[3]!, 1, 1)] });
    for (const step of [
      { to: 'confirmed' },
      { to: 'packed' },
      { to: 'shipped', courier: 'Delhivery', awb: 'AWB1234567' },
    ]) {
      const res = await call('POST', `/admin/api/orders/${order.id}/steps`, null, step);
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    const late = await cancel(shopper, order.id);
    assert.equal(late.status, 409);
    assert.equal(late.body.message, ORDER_MESSAGES.cancelTooLate);
    assert.equal((await read(shopper, order.id)).status, 'shipped');

    const failed = await place(shopper, { items: [line(products[3]!, 0, 1)] });
    await paySandbox(failed, 'failure');
    const refused = await cancel(shopper, failed.id);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, ORDER_MESSAGES.cancelNotAllowed);
  });

  test('a reason is required', async () => {
    const order = await place(shopper, { items: [line(products[2]!, 0, 1)], paymentMethod: 'cod' });
    const res = await cancel(shopper, order.id, '  ');
    assert.equal(res.status, 400);
    assert.equal((await read(shopper, order.id)).status, 'placed');
  });
});

describe('removing an order from the list', () => {
  test('only a cancelled or never-paid order; it leaves the list but stays readable; twice is fine', async () => {
    const kept = await place(shopper, { items: [line(products[2]!, 1, 1)], paymentMethod: 'cod' });
    const refused = await call('DELETE', `/orders/${kept.id}`, shopper);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, ORDER_MESSAGES.deleteNotAllowed);

    const failed = await place(shopper, { items: [line(products[2]!, 0, 1)] });
    await paySandbox(failed, 'failure');
    const cancelled = await place(shopper, { items: [line(products[2]!, 0, 1)] });
    await cancel(shopper, cancelled.id);

    for (const id of [failed.id, cancelled.id, cancelled.id]) {
      const res = await call<null>('DELETE', `/orders/${id}`, shopper);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.message, ORDER_MESSAGES.deleted);
    }
    const list = await call<{ orders: Order[]; meta: { total: number } }>('GET', '/orders/my-orders?limit=50', shopper);
    const ids = list.body.data.orders.map((o) => o.id);
    assert.ok(ids.includes(kept.id));
    assert.ok(!ids.includes(failed.id));
    assert.ok(!ids.includes(cancelled.id));
    assert.equal(list.body.data.meta.total, ids.length);
    assert.equal((await read(shopper, cancelled.id)).status, 'cancelled');
  });
});

describe("someone else's order", () => {
  test('cancel and delete answer 404 and change nothing; a malformed id is 404 too', async () => {
    const order = await place(shopper, { items: [line(products[0]!, 1, 1)], paymentMethod: 'cod' });
    for (const res of [
      await cancel(stranger, order.id),
      await call('DELETE', `/orders/${order.id}`, stranger),
      await call('GET', `/orders/${order.id}`, stranger),
      await cancel(shopper, 'not-a-uuid'),
      await call('DELETE', '/orders/not-a-uuid', shopper),
    ]) {
      assert.equal(res.status, 404);
      assert.equal(res.body.message, ORDER_MESSAGES.notFound);
    }
    assert.equal((await read(shopper, order.id)).status, 'placed');
  });
});
