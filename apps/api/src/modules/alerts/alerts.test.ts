/**
 * Alerts through HTTP and the scan job (docs/shopper-features.md "Alerts"): "Notify me" only for
 * sold-out sizes and only the shopper's own, the one mail a day after a restock (through the
 * admin's stock change) or a price drop (through the admin's price change) to shoppers who
 * consented to price drops only, unsubscribed shoppers, the signed unsubscribe link (which
 * withdraws that consent), concurrent scans, and the job's payload.
 *
 * @postgres: two scans at once race for the day's mail there.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  ADMIN_API_PREFIX,
  ALERTS_MESSAGES,
  AUTH_MESSAGES,
  CONSENT_MESSAGES,
  formatPrice,
  PRIVACY_NOTICE_VERSION,
  type Consents,
} from '@vastra/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { bearer, register, type Account } from '../../test/accounts';
import { ConsentService } from '../consent';
import { pickProducts, setPricePaise, setStock, unknownId, type TestProduct } from '../../test/catalog';
import { createTestApp, TEST_STOREFRONT_URL, type TestContext } from '../../test/harness';
import { outboxMailsTo } from '../../test/outbox';
import { asStaff, staffOfRole, type StaffLogin } from '../../test/staff';
import { ALERT_MAIL_SUBJECT } from './mail';
import { ALERTS_SCAN_JOB } from './jobs';

let ctx: TestContext;
let products: TestProduct[];
let owner: StaffLogin;
/** Products not yet used by a test: each test takes its own, so their stock and prices do not meet. */
let next = 0;
const product = () => products[next++]!;

before(async () => {
  ctx = await createTestApp();
  products = await pickProducts(ctx.database.db, 12, { minVariants: 2 });
  owner = await staffOfRole(ctx, 'owner');
});
after(() => ctx.close());

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, account: Account | null, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: account ? bearer(account.token) : {},
  });
  return { status: res.statusCode, body: res.json() };
}

const notify = (account: Account, variantId: string) => call('POST', '/alerts/stock', account, { variantId });

/** The shopper turns price drops on or off on the account page (their consent to `price_alerts`). */
async function priceAlerts(account: Account, given: boolean) {
  const res = await call('POST', '/account/consents/price_alerts', account, { given });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.message, given ? CONSENT_MESSAGES.given : CONSENT_MESSAGES.withdrawn);
}

/** The shopper's records of `price_alerts`, newest first, as "action channel". */
const priceAlertRecords = async (account: Account) =>
  ((await call('GET', '/account/consents', account)).body.data as Consents).history
    .filter((r) => r.purpose === 'price_alerts')
    .map((r) => `${r.action} ${r.channel}`);

const unsubscribedAt = async (userId: string) =>
  (await ctx.database.db.select().from(users).where(eq(users.id, userId)))[0]!.alertsUnsubscribedAt;

/** The store restocks a size as the admin does: a stock movement, audited. */
async function restock(variantId: string, quantity: number) {
  const res = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/variants/${variantId}/stock`, {
    mode: 'set',
    quantity,
    reason: 'received',
  });
  assert.equal(res.statusCode, 200, res.body);
  await ctx.app.jobs.idle();
}

/** The alert mails `account` got (not its sign-up mail). */
const mailsTo = async (account: Account) =>
  (await outboxMailsTo(ctx.dataDir, account.email)).filter((mail) => mail.subject === ALERT_MAIL_SUBJECT);
const unsubscribeLink = (text: string) => /(http:\/\/shop\.test\/alerts\/unsubscribe\?token=\S+)/.exec(text)?.[1];
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const tomorrow = () => new Date(Date.now() + 86_400_000);

describe('alerts', () => {
  test('"Notify me" needs a session; it is only for sold-out sizes and asking twice keeps one request', async () => {
    const p = product();
    const [soldOut, inStock] = p.variants;
    await setStock(ctx.database.db, soldOut!.id, 0);
    await setStock(ctx.database.db, inStock!.id, 5);
    const shopper = await register(ctx.app);

    const guest = await notify(null as unknown as Account, soldOut!.id);
    assert.equal(guest.status, 401);
    assert.equal(guest.body.message, AUTH_MESSAGES.authRequired);
    assert.equal((await call('GET', '/alerts/stock', null)).status, 401);

    const refused = await notify(shopper, inStock!.id);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.message, ALERTS_MESSAGES.inStock);
    assert.equal((await notify(shopper, unknownId())).status, 404);
    const bad = await call('POST', '/alerts/stock', shopper, { variantId: 'nope' });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, new RegExp(escape(ALERTS_MESSAGES.variantRequired)));

    const first = await notify(shopper, soldOut!.id);
    assert.equal(first.status, 201);
    assert.equal(first.body.message, ALERTS_MESSAGES.requested);
    assert.equal((await notify(shopper, soldOut!.id)).status, 200);
    const open = await call('GET', '/alerts/stock', shopper);
    assert.deepEqual(
      open.body.data.alerts.map((a: { productId: string; variantId: string }) => [a.productId, a.variantId]),
      [[p.id, soldOut!.id]],
    );

    assert.equal((await call('DELETE', `/alerts/stock/${soldOut!.id}`, shopper)).status, 200);
    assert.deepEqual((await call('GET', '/alerts/stock', shopper)).body.data.alerts, []);
    assert.equal((await call('DELETE', `/alerts/stock/${soldOut!.id}`, shopper)).status, 404);
  });

  test("another shopper's requests are invisible to them and cannot be withdrawn by them", async () => {
    const p = product();
    await setStock(ctx.database.db, p.variants[0]!.id, 0);
    const [asha, ravi] = [await register(ctx.app), await register(ctx.app)];
    assert.equal((await notify(asha, p.variants[0]!.id)).status, 201);

    assert.deepEqual((await call('GET', '/alerts/stock', ravi)).body.data.alerts, []);
    assert.equal((await call('DELETE', `/alerts/stock/${p.variants[0]!.id}`, ravi)).status, 404);
    assert.equal((await call('GET', '/alerts/stock', asha)).body.data.alerts.length, 1);
  });

  test('a restock sends one mail naming the size; more news that day waits for the next day', async () => {
    const p = product();
    const [size, other] = p.variants;
    await setStock(ctx.database.db, size!.id, 0);
    await setStock(ctx.database.db, other!.id, 0);
    const shopper = await register(ctx.app);
    await priceAlerts(shopper, true);
    assert.equal((await notify(shopper, size!.id)).status, 201);
    assert.equal((await notify(shopper, other!.id)).status, 201);
    assert.equal((await call('POST', '/wishlist/add', shopper, { productId: p.id, variantId: size!.id })).status, 201);

    await restock(size!.id, 5);
    const mails = await mailsTo(shopper);
    assert.equal(mails.length, 1);
    assert.equal(mails[0]!.subject, ALERT_MAIL_SUBJECT);
    assert.match(mails[0]!.text!, new RegExp(`${escape(p.name)} \\(size ${escape(size!.size)}\\)`));
    assert.ok(mails[0]!.text!.includes(`${TEST_STOREFRONT_URL}/shop/product/${p.id}`));
    assert.ok(!mails[0]!.text!.includes(`size ${other!.size})`), 'the size still sold out is not listed');
    assert.deepEqual(
      (await call('GET', '/alerts/stock', shopper)).body.data.alerts.map((a: { variantId: string }) => a.variantId),
      [other!.id],
    );

    // The same day: the other size comes back and the saved size gets cheaper; no second mail.
    await restock(other!.id, 3);
    await setPricePaise(ctx.database.db, size!.id, size!.pricePaise - 10_000);
    await ctx.app.alerts.scan();
    assert.equal((await mailsTo(shopper)).length, 1);

    // The next day's scan tells both.
    assert.ok((await ctx.app.alerts.scan(tomorrow())).includes(shopper.userId));
    const later = await mailsTo(shopper);
    assert.equal(later.length, 2);
    assert.ok(later[1]!.text!.includes(`size ${other!.size})`));
    assert.ok(later[1]!.text!.includes(`was ${formatPrice(size!.pricePaise / 100)}`));
    // Nothing is left to tell: the next scan of that day mails no one.
    assert.ok(!(await ctx.app.alerts.scan(new Date(Date.now() + 2 * 86_400_000))).includes(shopper.userId));
  });

  test('a price drop of a wishlist item is mailed only while the shopper consents to price drops', async () => {
    const p = product();
    const size = p.variants[0]!;
    await setStock(ctx.database.db, size.id, 10);
    const shopper = await register(ctx.app);
    assert.equal((await call('POST', '/wishlist/add', shopper, { productId: p.id, variantId: size.id })).status, 201);
    const now = size.pricePaise - 20_000;

    const res = await asStaff(ctx.app, owner, 'POST', `${ADMIN_API_PREFIX}/products/prices`, {
      ids: [p.id],
      change: { kind: 'price', pricePaise: now },
      dryRun: false,
    });
    assert.equal(res.statusCode, 200, res.body);
    await ctx.app.jobs.idle();
    // Never asked for: a wishlist alone is no consent to marketing mails.
    assert.deepEqual(await mailsTo(shopper), []);
    assert.deepEqual(await priceAlertRecords(shopper), []);

    await priceAlerts(shopper, true);
    assert.ok((await ctx.app.alerts.scan()).includes(shopper.userId));
    const mails = await mailsTo(shopper);
    assert.equal(mails.length, 1);
    const text = mails[0]!.text!;
    assert.ok(
      text.includes(
        `${p.name} (size ${size.size}): was ${formatPrice(size.pricePaise / 100)}, now ${formatPrice(now / 100)}`,
      ),
      text,
    );
    // The mailed price is the new base: the same price is not news the next day.
    assert.ok(!(await ctx.app.alerts.scan(tomorrow())).includes(shopper.userId));

    // Withdrawn on the account page: a further drop is not mailed.
    await priceAlerts(shopper, false);
    await setPricePaise(ctx.database.db, size.id, now - 10_000);
    assert.ok(!(await ctx.app.alerts.scan(new Date(Date.now() + 2 * 86_400_000))).includes(shopper.userId));
    assert.equal((await mailsTo(shopper)).length, 1);
    assert.deepEqual(await priceAlertRecords(shopper), ['withdrawn web', 'given web']);
  });

  test('the unsubscribe link withdraws the price-drop consent by link; turning price drops on again mails again', async () => {
    const p = product();
    const size = p.variants[0]!;
    await setStock(ctx.database.db, size.id, 10);
    const shopper = await register(ctx.app);
    await priceAlerts(shopper, true);
    assert.equal((await call('POST', '/wishlist/add', shopper, { productId: p.id, variantId: size.id })).status, 201);
    await setPricePaise(ctx.database.db, size.id, size.pricePaise - 5_000);
    assert.ok((await ctx.app.alerts.scan()).includes(shopper.userId));
    const link = unsubscribeLink((await mailsTo(shopper))[0]!.text!);
    assert.ok(link, 'the price-drop mail carries the unsubscribe link');

    const res = await ctx.app.inject({ method: 'POST', url: `/alerts/unsubscribe?token=${tokenOf(link)}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await priceAlertRecords(shopper), ['withdrawn link', 'given web']);
    const { current } = (await call('GET', '/account/consents', shopper)).body.data as Consents;
    assert.deepEqual(
      current.filter((r) => r.purpose === 'price_alerts').map((r) => [r.given, r.noticeVersion]),
      [[false, PRIVACY_NOTICE_VERSION]],
    );
    await setPricePaise(ctx.database.db, size.id, size.pricePaise - 15_000);
    assert.ok(!(await ctx.app.alerts.scan(tomorrow())).includes(shopper.userId));

    // Turned on again on the account page: the link's stop is undone and the drop is mailed.
    await priceAlerts(shopper, true);
    assert.equal(await unsubscribedAt(shopper.userId), null);
    assert.ok((await ctx.app.alerts.scan(new Date(Date.now() + 2 * 86_400_000))).includes(shopper.userId));
    const later = await mailsTo(shopper);
    assert.equal(later.length, 2);
    assert.ok(later[1]!.text!.includes(`now ${formatPrice((size.pricePaise - 15_000) / 100)}`), later[1]!.text);
  });

  test('a consent record that fails leaves the unsubscribe and the price-drop switch as they were', async () => {
    ctx.expectServerErrors(
      /^error: unhandled error: the database went away$/,
      /^500 POST \/alerts\/unsubscribe/,
      /^500 POST \/account\/consents\/price_alerts/,
    );
    const shopper = await register(ctx.app);
    await priceAlerts(shopper, true);
    const link = await ctx.app.alerts.unsubscribeUrl(shopper.userId);
    const record = ConsentService.prototype.record;
    ConsentService.prototype.record = () => Promise.reject(new Error('the database went away'));
    try {
      const res = await ctx.app.inject({ method: 'POST', url: `/alerts/unsubscribe?token=${tokenOf(link)}` });
      assert.equal(res.statusCode, 500);
    } finally {
      ConsentService.prototype.record = record;
    }
    assert.equal(await unsubscribedAt(shopper.userId), null, 'not unsubscribed');
    assert.deepEqual(await priceAlertRecords(shopper), ['given web']);

    assert.equal(
      (await ctx.app.inject({ method: 'POST', url: `/alerts/unsubscribe?token=${tokenOf(link)}` })).statusCode,
      200,
    );
    const stoppedAt = await unsubscribedAt(shopper.userId);
    ConsentService.prototype.record = () => Promise.reject(new Error('the database went away'));
    try {
      assert.equal((await call('POST', '/account/consents/price_alerts', shopper, { given: true })).status, 500);
    } finally {
      ConsentService.prototype.record = record;
    }
    assert.deepEqual(await unsubscribedAt(shopper.userId), stoppedAt, 'still unsubscribed');
    assert.deepEqual(await priceAlertRecords(shopper), ['withdrawn link', 'given web']);
  });

  test('an unsubscribed shopper gets no mail', async () => {
    const p = product();
    await setStock(ctx.database.db, p.variants[0]!.id, 0);
    const shopper = await register(ctx.app);
    assert.equal((await notify(shopper, p.variants[0]!.id)).status, 201);
    const link = await ctx.app.alerts.unsubscribeUrl(shopper.userId);
    const res = await ctx.app.inject({ method: 'POST', url: `/alerts/unsubscribe?token=${tokenOf(link)}` });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await priceAlertRecords(shopper), [], 'no consent given, none withdrawn');

    await restock(p.variants[0]!.id, 4);
    assert.deepEqual(await mailsTo(shopper), []);
  });

  test('the unsubscribe link works without a session; a forged, altered or session token is refused', async () => {
    const p = product();
    await setStock(ctx.database.db, p.variants[0]!.id, 0);
    const shopper = await register(ctx.app);
    const victim = await register(ctx.app);
    assert.equal((await notify(shopper, p.variants[0]!.id)).status, 201);
    await restock(p.variants[0]!.id, 2);
    const [mail] = await mailsTo(shopper);
    const link = unsubscribeLink(mail!.text!);
    assert.ok(link, 'the mail links to the storefront unsubscribe page');
    const token = tokenOf(link);

    // Forged: another user's id in a token signed with another key; altered: a changed payload; a session token.
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({
        purpose: 'alerts-unsubscribe',
        sub: victim.userId,
        iss: 'vastra',
        aud: 'vastra-alerts',
        exp: 9e9,
      }),
    ).toString('base64url');
    for (const bad of [`${header}.${otherPayload}.${signature}`, `${token.slice(0, -2)}xx`, victim.token, 'nope']) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await ctx.app.inject({ method, url: `/alerts/unsubscribe?token=${encodeURIComponent(bad)}` });
        assert.equal(res.statusCode, 400, `${method} ${bad}`);
        assert.equal(res.json().message, ALERTS_MESSAGES.linkInvalid);
      }
    }
    assert.equal(await unsubscribedAt(victim.userId), null);

    // GET only says whose it is; POST, with no cookie or header, unsubscribes.
    const look = await ctx.app.inject({ method: 'GET', url: `/alerts/unsubscribe?token=${token}` });
    assert.equal(look.statusCode, 200);
    assert.deepEqual(look.json().data, {
      email: `${shopper.email[0]}***${shopper.email.slice(shopper.email.indexOf('@'))}`,
      unsubscribed: false,
    });
    assert.equal(await unsubscribedAt(shopper.userId), null);
    const res = await ctx.app.inject({ method: 'POST', url: `/alerts/unsubscribe?token=${token}` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().message, ALERTS_MESSAGES.unsubscribed);
    assert.equal(res.json().data.unsubscribed, true);
    assert.ok(await unsubscribedAt(shopper.userId));
  });

  test('two scans at once send one mail', async () => {
    const p = product();
    await setStock(ctx.database.db, p.variants[0]!.id, 0);
    const shopper = await register(ctx.app);
    assert.equal((await notify(shopper, p.variants[0]!.id)).status, 201);
    await setStock(ctx.database.db, p.variants[0]!.id, 6);

    const day = new Date(Date.now() + 3 * 86_400_000);
    const [a, b] = await Promise.all([ctx.app.alerts.scan(day), ctx.app.alerts.scan(day)]);
    assert.equal([...a, ...b].filter((id) => id === shopper.userId).length, 1);
    assert.equal((await mailsTo(shopper)).length, 1);
  });

  test('the scan job is sent after a restock with ids only in its payload', async () => {
    const p = product();
    await setStock(ctx.database.db, p.variants[0]!.id, 0);
    const sent: { name: string; payload: object }[] = [];
    const send = ctx.app.jobs.send.bind(ctx.app.jobs);
    ctx.app.jobs.send = (name, payload, options) => {
      sent.push({ name, payload });
      return send(name, payload, options);
    };
    try {
      await restock(p.variants[0]!.id, 1);
    } finally {
      ctx.app.jobs.send = send;
    }
    const scans = sent.filter((s) => s.name === ALERTS_SCAN_JOB);
    assert.ok(scans.length > 0, 'a scan was queued');
    for (const { payload } of scans) {
      assert.ok(
        Object.keys(payload).every((key) => key.endsWith('Id')),
        JSON.stringify(payload),
      );
    }
  });
});

function escape(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
