/**
 * Data rights through HTTP (docs/behaviour.md "Data rights: export, erasure, retention"): the
 * summary and the export hold the caller's data, nobody else's and no secret; closing the account
 * needs the password (or an emailed code without one) from the storefront's origin, waits for
 * orders on their way and store credit, and then leaves an account that cannot sign in, no
 * personal rows, and the orders kept for GST with their retention date and invoice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AUTH_MESSAGES,
  PRIVACY_MESSAGES,
  erasureOrderInProgress,
  erasureStoreCreditLeft,
  type Order,
} from '@vastra/contracts';
import { sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { queryRows } from '../../db/client';
import { assertNoSecrets, bearer, freshIp, fromStorefront, register, type Account } from '../../test/accounts';
import { pickProducts, setStock, type TestProduct } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { advanceOrder } from '../../test/lifecycle';
import { placePaidOrder } from '../../test/returns';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { codeFrom, latestOutboxMail } from '../../test/outbox';
import { asStaff, staffOfRole } from '../../test/staff';
import { retainUntil } from './service';

let ctx: TestContext;
let products: TestProduct[];

before(async () => {
  ctx = await createTestApp();
  products = await pickProducts(ctx.database.db, 3, { minVariants: 1 });
  for (const p of products) await setStock(ctx.database.db, p.variants[0]!.id, 50);
});
after(() => ctx.close());

const get = (url: string, account: Account | null) =>
  ctx.app.inject({ method: 'GET', url, headers: account ? bearer(account.token) : {} });
const erase = (account: Account, payload: object, headers = fromStorefront(account.cookie)) =>
  ctx.app.inject({ method: 'POST', url: '/account/erase', headers, payload });

function placeOrder(account: Account, product = 0): Promise<Order> {
  const p = products[product]!;
  return placePaidOrder(ctx, account, { items: [{ productId: p.id, variantId: p.variants[0]!.id, quantity: 1 }] });
}

const deliver = (order: Order) =>
  advanceOrder(ctx.database.db, order.id, ['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered'], {
    courier: 'Delhivery',
    awb: `AWB${Date.now()}`,
  });

/** A shopper with an address, a wishlist entry and a delivered order. */
async function busyShopper(name: string): Promise<{ account: Account; order: Order }> {
  const account = await register(ctx.app, { name, phone: '9876543210' });
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/addresses',
    headers: bearer(account.token),
    payload: { ...BENGALURU_ADDRESS, firstName: name.split(' ')[0] },
  });
  assert.equal(added.statusCode, 201, added.body);
  const saved = await ctx.app.inject({
    method: 'POST',
    url: '/wishlist/add',
    headers: bearer(account.token),
    payload: { productId: products[1]!.id },
  });
  assert.ok(saved.statusCode < 300, saved.body);
  const order = await placeOrder(account);
  await deliver(order);
  return { account, order };
}

describe('signed out', () => {
  test('the summary, the export and the erasure answer 401', async () => {
    for (const url of ['/account/data', '/account/data/export?format=json']) {
      const res = await get(url, null);
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().message, AUTH_MESSAGES.authRequired);
    }
    const res = await ctx.app.inject({ method: 'POST', url: '/account/erase', payload: { password: 'x' } });
    assert.equal(res.statusCode, 401);
  });
});

describe('summary and export', () => {
  let asha: { account: Account; order: Order };
  let ravi: { account: Account; order: Order };

  before(async () => {
    asha = await busyShopper('Asha Rao');
    ravi = await busyShopper('Ravi Kumar');
  });

  test('the summary counts the caller’s orders, addresses and wishlist and says what erasure does', async () => {
    const res = await get('/account/data', asha.account);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    const line = (kind: string) => data.lines.find((l: { kind: string }) => l.kind === kind);
    assert.deepEqual(line('orders'), { kind: 'orders', count: 1, onErasure: 'anonymise' });
    assert.deepEqual(line('addresses'), { kind: 'addresses', count: 1, onErasure: 'delete' });
    assert.deepEqual(line('wishlist'), { kind: 'wishlist', count: 1, onErasure: 'delete' });
    assert.equal(line('account').count, 1);
    assert.equal(data.inactiveAccountErasureYears, 3);
    assert.equal(data.taxRecordYears, 6);
    assert.equal(data.reauth, 'password');
  });

  test('the JSON export is an attachment with the caller’s email and order, nobody else’s, and no secret', async () => {
    const res = await get('/account/data/export?format=json', asha.account);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const body = res.body;
    const data = JSON.parse(body);
    assert.equal(data.tables.users[0].email, asha.account.email);
    assert.equal(data.tables.orders[0].order_number, asha.order.orderNumber);
    assert.equal(data.tables.addresses.length, 1);
    assert.equal(data.tables.wishlist_items.length, 1);
    assert.ok(data.tables.order_items.length >= 1);
    assert.ok(data.tables.sessions.length >= 1);
    assert.ok(!body.includes(ravi.account.email), 'another shopper’s email');
    assert.ok(!body.includes(ravi.order.orderNumber), 'another shopper’s order');
    assert.ok(!body.includes(ravi.account.userId), 'another shopper’s id');
    assertNoSecrets(body, [asha.account.token]);
    assert.equal(data.tables.sessions[0].id, undefined, 'session ids are left out');
  });

  test('the HTML export is a printable page with the same data, escaped', async () => {
    const res = await get('/account/data/export?format=html', asha.account);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/html/);
    assert.match(String(res.headers['content-disposition']), /^attachment; filename="my-data-.*\.html"$/);
    assert.match(res.body, /<h2>Orders and invoices<\/h2>/);
    assert.ok(res.body.includes(asha.account.email));
    assert.ok(res.body.includes(asha.order.orderNumber));
    assert.ok(!res.body.includes(ravi.account.email));
    assert.ok(!/\$argon2/.test(res.body));
    assert.match(res.body, /<html lang="en-IN">/);
    assert.match(res.body, /Kept: 6 years after the annual GST return of their year/);
  });

  test('a Hindi account’s HTML export is in Hindi', async () => {
    const shopper = await register(ctx.app, { name: 'Sunita Devi', locale: 'hi' });
    const res = await get('/account/data/export?format=html', shopper);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(res.body, /<html lang="hi-IN">/);
    assert.match(res.body, /<h2>ऑर्डर और इनवॉइस<\/h2>/);
    assert.match(res.body, /कब तक रखा जाता है: /);
    assert.ok(res.body.includes(shopper.email));
  });

  test('exports are limited per account: the sixth in an hour is refused', async () => {
    const shopper = await register(ctx.app, { name: 'Meera Iyer' });
    for (let i = 0; i < 5; i += 1) assert.equal((await get('/account/data/export', shopper)).statusCode, 200);
    const res = await get('/account/data/export', shopper);
    assert.equal(res.statusCode, 429);
    assert.equal(res.json().message, PRIVACY_MESSAGES.tooManyExports);
  });
});

describe('closing the account', () => {
  test('is refused without the password, with a wrong one, and from another site', async () => {
    const shopper = await register(ctx.app, { name: 'Kiran Shah' });
    let res = await erase(shopper, {});
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().message, PRIVACY_MESSAGES.passwordRequired);
    res = await erase(shopper, { password: 'not my password' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().message, PRIVACY_MESSAGES.passwordIncorrect);
    res = await erase(
      shopper,
      { password: shopper.password },
      { cookie: shopper.cookie, origin: 'https://evil.example' },
    );
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().message, AUTH_MESSAGES.originNotAllowed);
    assert.equal((await get('/account/data', shopper)).statusCode, 200, 'the account is still open');
  });

  test('is refused while an order is on its way, naming it, and goes once it is delivered', async () => {
    const shopper = await register(ctx.app, { name: 'Farah Khan' });
    const order = await placeOrder(shopper, 2);
    await advanceOrder(ctx.database.db, order.id, ['confirmed', 'packed', 'shipped'], {
      courier: 'Delhivery',
      awb: 'AWB1',
    });
    let res = await erase(shopper, { password: shopper.password });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, erasureOrderInProgress(order.orderNumber));
    await advanceOrder(ctx.database.db, order.id, ['out_for_delivery', 'delivered']);
    res = await erase(shopper, { password: shopper.password });
    assert.equal(res.statusCode, 200, res.body);
  });

  test('is refused with store credit left unless the shopper gives it up', async () => {
    const shopper = await register(ctx.app, { name: 'Vikram Rao' });
    const owner = await staffOfRole(ctx, 'owner');
    const credit = await asStaff(ctx.app, owner, 'POST', `/admin/api/customers/${shopper.userId}/wallet`, {
      direction: 'credit',
      amount: 250,
      reason: 'Goodwill',
    });
    assert.equal(credit.statusCode, 200, credit.body);
    let res = await erase(shopper, { password: shopper.password });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().message, erasureStoreCreditLeft('₹ 250'));
    res = await erase(shopper, { password: shopper.password, forfeitStoreCredit: true });
    assert.equal(res.statusCode, 200, res.body);
    const [balance] = await queryRows<{ paise: string }>(
      ctx.database.db,
      sql`SELECT coalesce(sum(amount_paise), 0) AS paise FROM wallet_entries WHERE user_id = ${shopper.userId}`,
    );
    assert.equal(Number(balance!.paise), 0);
  });

  test('closes it: no sign-in, personal rows gone, orders kept with retain_until and an invoice, a confirmation mailed', async () => {
    const { account, order } = await busyShopper('Nisha Menon');
    const res = await erase(account, { password: account.password });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, PRIVACY_MESSAGES.erased);
    assert.match(String(res.headers['set-cookie']), /auth_token=;/);

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress: freshIp(),
      payload: { email: account.email, password: account.password },
    });
    assert.equal(login.statusCode, 401);
    assert.equal((await get('/account/data', account)).statusCode, 401, 'the old session is gone');

    const db = ctx.database.db;
    const count = async (table: string) =>
      Number(
        (
          await queryRows<{ n: string }>(
            db,
            sql`SELECT count(*) AS n FROM ${sql.identifier(table)} WHERE user_id = ${account.userId}`,
          )
        )[0]!.n,
      );
    for (const table of ['addresses', 'wishlist_items', 'sessions', 'carts', 'one_time_codes']) {
      assert.equal(await count(table), 0, `${table} rows left`);
    }
    const [user] = await queryRows<Record<string, unknown>>(db, sql`SELECT * FROM users WHERE id = ${account.userId}`);
    assert.equal(user!.email, null);
    assert.equal(user!.phone, null);
    assert.equal(user!.password_hash, null);
    assert.equal(user!.name, 'Former customer');
    assert.ok(user!.erased_at);

    const [kept] = await queryRows<{ retain_until: string; shipping_address: { phone: string; firstName: string } }>(
      db,
      sql`SELECT retain_until::text AS retain_until, shipping_address FROM orders WHERE id = ${order.id}`,
    );
    assert.equal(kept!.retain_until, retainUntil(new Date()));
    assert.equal(kept!.shipping_address.phone, '');
    assert.equal(kept!.shipping_address.firstName, BENGALURU_ADDRESS.firstName);

    const owner = await staffOfRole(ctx, 'owner');
    const pdf = await asStaff(ctx.app, owner, 'GET', `/admin/api/orders/${order.id}/invoice`);
    assert.equal(pdf.statusCode, 200, pdf.body);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    assert.match(text, new RegExp(order.orderNumber));

    const mail = await latestOutboxMail(ctx.dataDir, account.email);
    assert.match(mail!.subject ?? '', /account is closed/);
    assert.match(mail!.text ?? '', /your one order and its invoice/);

    const again = await register(ctx.app, { name: 'Nisha Menon', email: account.email });
    assert.notEqual(again.userId, account.userId, 'the same email registers afresh');
  });

  test('an account without a password closes with a code mailed to it, not without', async () => {
    const shopper = await register(ctx.app, { name: 'Google Shopper' });
    await ctx.database.db.execute(sql`UPDATE users SET password_hash = NULL WHERE id = ${shopper.userId}`);
    assert.equal((await get('/account/data', shopper)).json().data.reauth, 'code');
    let res = await erase(shopper, { password: 'anything' });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().message, PRIVACY_MESSAGES.codeRequired);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/account/erase/code',
      headers: fromStorefront(shopper.cookie),
    });
    assert.equal(sent.statusCode, 200, sent.body);
    const code = codeFrom((await latestOutboxMail(ctx.dataDir, shopper.email))!);
    res = await erase(shopper, { code: code === '000000' ? '111111' : '000000' });
    assert.equal(res.statusCode, 400);
    res = await erase(shopper, { code });
    assert.equal(res.statusCode, 200, res.body);
    // No orders, yet the consents are kept as their proof: the mail says so, and for how long.
    const closed = await latestOutboxMail(ctx.dataDir, shopper.email);
    assert.match(
      closed!.text ?? '',
      /You had no orders\. We keep only the record of your consents and of any complaint, for 3 years/,
    );
  });
});
