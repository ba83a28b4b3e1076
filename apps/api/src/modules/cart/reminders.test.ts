/**
 * Cart reminders (docs/behaviour.md "Cart reminders") through HTTP and the scan, with the scan's
 * clock moved instead of waiting: not before the first delay, the first at 3 hours, the second 24
 * hours after it, never a third; none after an order from the cart; none when every line sold
 * out, and sold-out lines left out of the mail; the current prices, a link back to the cart and
 * the shopper's language; none without the shopper's consent (docs/behaviour.md "Consent and the
 * privacy notice": reminders are off until the shopper opts in, at sign-up or on the account
 * page), each change a consent record; opting out by the account setting and by the signed link
 * (no login, forged or altered tokens refused); the store's switch; two scans at once; and the
 * admin's figures. The shoppers of most tests opt in at sign-up.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AUTH_MESSAGES, CART_REMINDERS_MESSAGES, formatPrice, paiseToRupees } from '@vastra/contracts';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { cartReminders, users } from '../../db/schema';
import { bearer, register, type Account } from '../../test/accounts';
import { pickProducts, setPricePaise, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { outboxMailsTo } from '../../test/outbox';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';
import { CART_REMINDER_SUBJECT } from './reminder-mail';

let ctx: TestContext;
let products: TestProduct[];
let owner: StaffLogin;
let next = 0;
/** A product no other test uses, so stock and prices set by one test do not meet another's. */
const product = () => products[next++]!;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
  products = await pickProducts(ctx.database.db, 26, { minVariants: 2 });
  owner = await staffOfRole(ctx, 'owner');
});
after(() => ctx.close());

const HOUR = 3_600_000;
/** `h` hours from now: the scan's clock. */
const at = (h: number) => new Date(Date.now() + h * HOUR);

async function call(method: 'GET' | 'POST' | 'PUT', url: string, account: Account | null, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: account ? bearer(account.token) : {},
  });
  return { status: res.statusCode, body: res.json() };
}

async function add(account: Account, p: TestProduct, variant: number, quantity = 1) {
  const res = await call('POST', '/cart/add', account, {
    productId: p.id,
    variantId: p.variants[variant]!.id,
    quantity,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

/** A shopper who opted in to cart reminders at sign-up, with a cart of the given products' first sizes, each in stock. */
async function shopperWithCart(...items: TestProduct[]): Promise<Account> {
  return cartOf(await register(ctx.app, { consents: ['cart_reminders'] }), ...items);
}

/** `shopper`'s cart of the given products' first sizes, each in stock. */
async function cartOf(shopper: Account, ...items: TestProduct[]): Promise<Account> {
  for (const p of items) {
    await setStock(ctx.database.db, p.variants[0]!.id, 10);
    await add(shopper, p, 0);
  }
  return shopper;
}

/** Runs the scan at `when` and waits for the mails it queued. */
async function scan(when: Date): Promise<string[]> {
  const claimed = await ctx.app.cartReminders.scan(when);
  await ctx.app.jobs.idle();
  return claimed;
}

const remindersTo = async (account: Account): Promise<ParsedMail[]> =>
  (await outboxMailsTo(ctx.dataDir, account.email)).filter((m) => m.subject === CART_REMINDER_SUBJECT);
const price = (paise: number) => formatPrice(paiseToRupees(paise));
const unsubscribeLink = (text: string) =>
  /(http:\/\/shop\.test\/cart-reminders\/unsubscribe\?token=\S+)/.exec(text)?.[1];
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function setStoreReminders(change: Record<string, unknown>) {
  const { settings } = (await asStaff(ctx.app, owner, 'GET', '/admin/api/store-settings')).json().data;
  const res = await asStaff(ctx.app, owner, 'PUT', '/admin/api/store-settings', { ...settings, ...change });
  assert.equal(res.statusCode, 200, res.body);
}

describe('cart reminders', () => {
  test('none before 3 hours; the first at 3 hours, the second 24 hours after it, never a third', async () => {
    const p = product();
    const shopper = await shopperWithCart(p);
    await scan(at(2.9));
    assert.equal((await remindersTo(shopper)).length, 0, 'not before the first delay');
    await scan(at(3.1));
    assert.equal((await remindersTo(shopper)).length, 1, 'the first at 3 hours');
    await scan(at(3.2));
    await scan(at(26));
    assert.equal((await remindersTo(shopper)).length, 1, 'the second not before 24 hours after the first');
    await scan(at(27.2));
    assert.equal((await remindersTo(shopper)).length, 2, 'the second 24 hours after the first');
    await scan(at(60));
    await scan(at(200));
    assert.equal((await remindersTo(shopper)).length, 2, 'never a third');
  });

  test('a cart idle for longer than both delays and two days is not news: no reminder', async () => {
    const shopper = await shopperWithCart(product());
    await scan(at(3 + 24 + 48 + 1));
    assert.equal((await remindersTo(shopper)).length, 0);
  });

  test('the mail lists the lines at their current prices in the shopper’s language, links to the cart; sold-out lines left out', async () => {
    const [kept, dearer, soldOut] = [product(), product(), product()];
    const shopper = await shopperWithCart(kept, dearer, soldOut);
    const newPrice = dearer.variants[0]!.pricePaise + 10_000;
    await setPricePaise(ctx.database.db, dearer.variants[0]!.id, newPrice);
    await setStock(ctx.database.db, soldOut.variants[0]!.id, 0);
    await scan(at(3.5));
    const [mail] = await remindersTo(shopper);
    assert.ok(mail, 'one reminder');
    const text = mail.text!;
    assert.ok(
      text.includes(`${kept.name} (size ${kept.variants[0]!.size}) × 1: ${price(kept.variants[0]!.pricePaise)}`),
      text,
    );
    assert.ok(text.includes(`${dearer.name} (size ${dearer.variants[0]!.size}) × 1: ${price(newPrice)}`), text);
    assert.ok(!text.includes(soldOut.name), 'the sold-out line is left out');
    assert.ok(text.includes('Sizes that have sold out since are not listed.'));
    assert.ok(text.includes(`${TEST_STOREFRONT_URL}/cart`), 'a link back to the cart');
    assert.ok(unsubscribeLink(text), 'the unsubscribe link');

    // A Hindi shopper's reminder is in Hindi and links to the Hindi cart.
    const hindi = await shopperWithCart(product());
    await ctx.database.db.update(users).set({ locale: 'hi' }).where(eq(users.id, hindi.userId));
    await scan(at(3.6));
    const hiMail = (await outboxMailsTo(ctx.dataDir, hindi.email)).find((m) => m.subject?.includes('बैग'));
    assert.ok(hiMail, 'a Hindi reminder');
    assert.ok(hiMail.text!.includes(`${TEST_STOREFRONT_URL}/hi/cart`));
    assert.ok(hiMail.text!.includes('/hi/cart-reminders/unsubscribe?token='));
  });

  test('no reminder when every line sold out', async () => {
    const p = product();
    const shopper = await shopperWithCart(p);
    await setStock(ctx.database.db, p.variants[0]!.id, 0);
    assert.deepEqual(await remindersOf(shopper, at(3.5)), []);
    assert.equal((await remindersTo(shopper)).length, 0);
  });

  test('no reminder after an order: lines left over from it remind of nothing, and no second after ordering', async () => {
    const [a, b] = [product(), product()];
    const shopper = await shopperWithCart(a, b);
    await scan(at(3.1));
    assert.equal((await remindersTo(shopper)).length, 1);
    const res = await call('POST', '/orders', shopper, {
      items: [{ productId: a.id, variantId: a.variants[0]!.id, quantity: 1 }],
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'sandbox',
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    await scan(at(27.2));
    await scan(at(40));
    assert.equal((await remindersTo(shopper)).length, 1, 'the left-over line gets no second reminder');
    // A size added after the order is a new wish: it is reminded of, the left-over line with it.
    const d = product();
    await setStock(ctx.database.db, d.variants[0]!.id, 10);
    await add(shopper, d, 0);
    await scan(at(30));
    const last = (await remindersTo(shopper)).at(-1)!;
    assert.equal((await remindersTo(shopper)).length, 2);
    assert.ok(last.text!.includes(d.name) && last.text!.includes(b.name) && !last.text!.includes(a.name));

    // An order that empties the cart: nothing more either.
    const c = product();
    const other = await shopperWithCart(c);
    const placed = await call('POST', '/orders', other, {
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'sandbox',
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    await scan(at(3.5));
    assert.equal((await remindersTo(other)).length, 0);
  });

  test('no reminder without consent: off by default, sent after opting in, stopped by withdrawing; each a record', async () => {
    const shopper = await cartOf(await register(ctx.app), product());
    assert.deepEqual((await call('GET', '/cart-reminders', shopper)).body.data, { enabled: false });
    await scan(at(3.1));
    assert.equal((await remindersTo(shopper)).length, 0, 'not opted in: no reminder');
    const given = await call('POST', '/account/consents/cart_reminders', shopper, { given: true });
    assert.equal(given.status, 200, JSON.stringify(given.body));
    await scan(at(3.2));
    assert.equal((await remindersTo(shopper)).length, 1, 'opted in: the reminder goes');
    await call('POST', '/account/consents/cart_reminders', shopper, { given: false });
    await scan(at(27.3));
    assert.equal((await remindersTo(shopper)).length, 1, 'withdrawn: no second reminder');
    const { history } = (await call('GET', '/account/consents', shopper)).body.data as {
      history: { purpose: string; action: string }[];
    };
    assert.deepEqual(
      history.filter((r) => r.purpose === 'cart_reminders').map((r) => r.action),
      ['withdrawn', 'given'],
    );
  });

  test('the account setting turns reminders on and off; it needs a session and a boolean', async () => {
    const shopper = await cartOf(await register(ctx.app), product());
    const stranger = await call('GET', '/cart-reminders', null);
    assert.equal(stranger.status, 401);
    assert.equal(stranger.body.message, AUTH_MESSAGES.authRequired);
    assert.equal((await call('PUT', '/cart-reminders', null, { enabled: false })).status, 401);
    assert.deepEqual((await call('GET', '/cart-reminders', shopper)).body.data, { enabled: false });
    const first = await call('PUT', '/cart-reminders', shopper, { enabled: true });
    assert.equal(first.body.message, CART_REMINDERS_MESSAGES.enabled);
    assert.deepEqual((await call('GET', '/cart-reminders', shopper)).body.data, { enabled: true });
    const bad = await call('PUT', '/cart-reminders', shopper, { enabled: 'no' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, new RegExp(CART_REMINDERS_MESSAGES.enabledRequired));
    const off = await call('PUT', '/cart-reminders', shopper, { enabled: false });
    assert.equal(off.status, 200);
    assert.equal(off.body.message, CART_REMINDERS_MESSAGES.disabled);
    assert.deepEqual((await call('GET', '/cart-reminders', shopper)).body.data, { enabled: false });
    await scan(at(3.5));
    assert.equal((await remindersTo(shopper)).length, 0, 'opted out: no reminder');
    const on = await call('PUT', '/cart-reminders', shopper, { enabled: true });
    assert.equal(on.body.message, CART_REMINDERS_MESSAGES.enabled);
    await scan(at(3.6));
    assert.equal((await remindersTo(shopper)).length, 1, 'back on: the reminder goes');
  });

  test('the unsubscribe link works without a session; forged, altered or session tokens are refused', async () => {
    const shopper = await shopperWithCart(product());
    const victim = await shopperWithCart(product());
    await scan(at(3.1));
    const [mail] = await remindersTo(shopper);
    const link = unsubscribeLink(mail!.text!);
    assert.ok(link);
    const token = tokenOf(link);
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({
        purpose: 'cart-reminders-unsubscribe',
        sub: victim.userId,
        iss: 'vastra',
        aud: 'vastra-cart-reminders',
        exp: 9e9,
      }),
    ).toString('base64url');
    const alertsLink = await ctx.app.alerts.unsubscribeUrl(victim.userId);
    const alertsToken = new URL(alertsLink).searchParams.get('token')!;
    for (const bad of [
      `${header}.${otherPayload}.${signature}`,
      `${token.slice(0, -2)}xx`,
      victim.token,
      alertsToken,
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.app.inject({
          method,
          url: `/cart-reminders/unsubscribe?token=${encodeURIComponent(bad)}`,
        });
        assert.equal(res.statusCode, 400, `${method} ${bad}`);
        assert.equal(res.json().message, CART_REMINDERS_MESSAGES.linkInvalid);
      }
    }
    assert.equal((await ctx.app.inject({ method: 'POST', url: '/cart-reminders/unsubscribe' })).statusCode, 400);
    assert.deepEqual((await call('GET', '/cart-reminders', victim)).body.data, { enabled: true });
    // GET only says whose it is; POST, with no cookie or header, unsubscribes.
    const look = await ctx.app.inject({ method: 'GET', url: `/cart-reminders/unsubscribe?token=${token}` });
    assert.equal(look.statusCode, 200);
    assert.deepEqual(look.json().data, {
      email: `${shopper.email[0]}***${shopper.email.slice(shopper.email.indexOf('@'))}`,
      unsubscribed: false,
    });
    const res = await ctx.app.inject({ method: 'POST', url: `/cart-reminders/unsubscribe?token=${token}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, CART_REMINDERS_MESSAGES.unsubscribed);
    assert.equal(res.json().data.unsubscribed, true);
    assert.deepEqual((await call('GET', '/cart-reminders', shopper)).body.data, { enabled: false });
    const latest = (await call('GET', '/account/consents', shopper)).body.data.current as {
      purpose: string;
      action: string;
      channel: string;
    }[];
    assert.deepEqual(
      latest.filter((r) => r.purpose === 'cart_reminders').map((r) => [r.action, r.channel]),
      [['withdrawn', 'link']],
      'the link’s withdrawal is recorded',
    );
    await scan(at(27.2));
    assert.equal((await remindersTo(shopper)).length, 1, 'no second reminder after unsubscribing');
    assert.equal((await remindersTo(victim)).length, 2, 'the other shopper still gets theirs');
  });

  test('the store’s switch and delays: off sends none; a first delay of 12 hours waits 12 hours', async () => {
    const shopper = await shopperWithCart(product());
    await setStoreReminders({ cartRemindersEnabled: false });
    try {
      await scan(at(10));
      assert.equal((await remindersTo(shopper)).length, 0, 'switched off');
      await setStoreReminders({ cartRemindersEnabled: true, cartReminderFirstHours: 12 });
      await scan(at(11.5));
      assert.equal((await remindersTo(shopper)).length, 0, 'before the owner’s first delay');
      await scan(at(12.1));
      assert.equal((await remindersTo(shopper)).length, 1);
    } finally {
      await setStoreReminders({ cartRemindersEnabled: true, cartReminderFirstHours: 3, cartReminderSecondHours: 24 });
    }
  });

  test('two scans at once send one mail', async () => {
    const shopper = await shopperWithCart(product());
    const when = at(3.3);
    const [first, second] = await Promise.all([ctx.app.cartReminders.scan(when), ctx.app.cartReminders.scan(when)]);
    await ctx.app.jobs.idle();
    const cartId = (await call('GET', '/cart', shopper)).body.data.cart.id as string;
    assert.equal([...first, ...second].filter((id) => id === cartId).length, 1);
    assert.equal((await remindersTo(shopper)).length, 1);
  });

  test('the admin’s figures: reminders sent and reminded carts ordered from within 7 days', async () => {
    const read = async () => {
      const res = await asStaff(ctx.app, owner, 'GET', '/admin/api/stats/cart-reminders');
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data as { sent: number; remindedCarts: number; ordered: number; days: number };
    };
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/admin/api/stats/cart-reminders' })).statusCode, 401);
    const before = await read();
    assert.equal(before.days, 30);
    const [a, b] = [product(), product()];
    const buyer = await shopperWithCart(a);
    const late = await shopperWithCart(b);
    await scan(at(3.2));
    const placed = await call('POST', '/orders', buyer, {
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'sandbox',
    });
    assert.equal(placed.status, 201, JSON.stringify(placed.body));
    // The other was mailed 8 days ago: its order now is too late to count.
    await ctx.database.db
      .update(cartReminders)
      .set({ mailedAt: sql`now() - interval '8 days'` })
      .where(eq(cartReminders.userId, late.userId));
    const lateOrder = await call('POST', '/orders', late, {
      shippingAddress: BENGALURU_ADDRESS,
      paymentMethod: 'sandbox',
    });
    assert.equal(lateOrder.status, 201, JSON.stringify(lateOrder.body));
    const now = await read();
    assert.equal(now.sent - before.sent >= 2, true);
    assert.equal(now.ordered - before.ordered, 1);
    assert.equal(now.remindedCarts - before.remindedCarts >= 2, true);
  });
});

/** The carts a scan at `when` claimed for `account` (none or its cart's id). */
async function remindersOf(account: Account, when: Date): Promise<string[]> {
  const claimed = await scan(when);
  const cart = (await call('GET', '/cart', account)).body.data.cart as { id: string } | null;
  return cart ? claimed.filter((id) => id === cart.id) : [];
}
