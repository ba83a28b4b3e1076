/**
 * Consent, the nominee and the breach register through HTTP (docs/behaviour.md "Consent and the
 * privacy notice", docs/admin.md "Data breaches"): the sign-up and an order record the notice
 * version taken; optional purposes (price drops too) given and withdrawn are records, the latest
 * the state; the WhatsApp opt-in and the consent route are one choice; a session is needed and a
 * cookie write from another origin is refused; the nominee is the shopper's own; the breach
 * register is the owner's only, and audited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  AUTH_MESSAGES,
  CONSENT_MESSAGES,
  PRIVACY_NOTICE_VERSION,
  WHATSAPP_MESSAGES,
  type ConsentRecord,
  type Consents,
} from '@vastra/contracts';
import { bearer, fromStorefront, register, type Account } from '../../test/accounts';
import { pickProducts, setStock } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS, MANY_ORDERS_ENV } from '../../test/orders';
import { asStaff, staffOfRole } from '../../test/staff';

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp({ env: MANY_ORDERS_ENV });
});
after(() => ctx.close());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, account: Account | null, payload?: object) {
  const res = await ctx.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: account ? bearer(account.token) : {},
  });
  return { status: res.statusCode, body: res.json() };
}

const consentsOf = async (account: Account): Promise<Consents> => {
  const res = await call('GET', '/account/consents', account);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data as Consents;
};
const currentOf = async (account: Account, purpose: string) =>
  (await consentsOf(account)).current.find((r) => r.purpose === purpose);
const brief = (r: ConsentRecord | undefined) => r && `${r.purpose} ${r.action} ${r.noticeVersion} ${r.channel}`;

describe('consent records', () => {
  test('the sign-up records the account consent with the notice version; nothing optional is given unasked', async () => {
    const shopper = await register(ctx.app);
    const { current, history } = await consentsOf(shopper);
    assert.deepEqual(history.map(brief), [`account given ${PRIVACY_NOTICE_VERSION} web`]);
    assert.deepEqual(
      current.map((r) => [r.purpose, r.given]),
      [['account', true]],
    );
    const ticked = await register(ctx.app, { consents: ['cart_reminders'] });
    assert.equal(
      brief(await currentOf(ticked, 'cart_reminders')),
      `cart_reminders given ${PRIVACY_NOTICE_VERSION} web`,
    );
  });

  test('an order records the orders consent with the notice version, once per version', async () => {
    const [p] = await pickProducts(ctx.database.db, 1);
    await setStock(ctx.database.db, p!.variants[0]!.id, 10);
    const shopper = await register(ctx.app);
    assert.equal(await currentOf(shopper, 'orders'), undefined, 'no order yet: no orders consent');
    for (let i = 0; i < 2; i++) {
      const placed = await call('POST', '/orders', shopper, {
        items: [{ productId: p!.id, variantId: p!.variants[0]!.id, quantity: 1 }],
        shippingAddress: BENGALURU_ADDRESS,
        paymentMethod: 'cod',
      });
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
    }
    const { history } = await consentsOf(shopper);
    assert.deepEqual(history.filter((r) => r.purpose === 'orders').map(brief), [
      `orders given ${PRIVACY_NOTICE_VERSION} web`,
    ]);
  });

  test('given and withdrawn are records, newest first; the latest is the state', async () => {
    const shopper = await register(ctx.app);
    const given = await call('POST', '/account/consents/cart_reminders', shopper, { given: true });
    assert.equal(given.status, 200);
    assert.equal(given.body.message, CONSENT_MESSAGES.given);
    assert.equal(given.body.data.action, 'given');
    const withdrawn = await call('POST', '/account/consents/cart_reminders', shopper, { given: false });
    assert.equal(withdrawn.body.message, CONSENT_MESSAGES.withdrawn);
    const { current, history } = await consentsOf(shopper);
    assert.deepEqual(
      history.filter((r) => r.purpose === 'cart_reminders').map((r) => r.action),
      ['withdrawn', 'given'],
    );
    assert.equal(current.find((r) => r.purpose === 'cart_reminders')?.given, false);
    assert.deepEqual((await call('GET', '/cart-reminders', shopper)).body.data, { enabled: false });
  });

  test('price drops on the wishlist are an optional purpose: off until given, recorded with the notice version', async () => {
    const shopper = await register(ctx.app);
    assert.equal(await currentOf(shopper, 'price_alerts'), undefined, 'not pre-ticked');
    const given = await call('POST', '/account/consents/price_alerts', shopper, { given: true });
    assert.equal(given.status, 200, JSON.stringify(given.body));
    assert.equal(given.body.message, CONSENT_MESSAGES.given);
    assert.equal(brief(given.body.data), `price_alerts given ${PRIVACY_NOTICE_VERSION} web`);
    const again = await call('POST', '/account/consents/price_alerts', shopper, { given: true });
    assert.equal(again.status, 200);
    const withdrawn = await call('POST', '/account/consents/price_alerts', shopper, { given: false });
    assert.equal(withdrawn.body.message, CONSENT_MESSAGES.withdrawn);
    const { current, history } = await consentsOf(shopper);
    assert.deepEqual(
      history.filter((r) => r.purpose === 'price_alerts').map(brief),
      [`price_alerts withdrawn ${PRIVACY_NOTICE_VERSION} web`, `price_alerts given ${PRIVACY_NOTICE_VERSION} web`],
      'giving twice adds one record',
    );
    assert.equal(current.find((r) => r.purpose === 'price_alerts')?.given, false);
  });

  test('WhatsApp updates: the consent route and the opt-in are one choice; no number, no consent', async () => {
    const shopper = await register(ctx.app);
    const noNumber = await call('POST', '/account/consents/whatsapp_updates', shopper, { given: true });
    assert.equal(noNumber.status, 400);
    assert.equal(noNumber.body.message, WHATSAPP_MESSAGES.phoneRequired);
    assert.equal(await currentOf(shopper, 'whatsapp_updates'), undefined, 'nothing recorded');

    const optIn = await call('PUT', '/whatsapp/opt-in', shopper, { optedIn: true, phone: '9812345678' });
    assert.equal(optIn.status, 200, JSON.stringify(optIn.body));
    assert.equal((await currentOf(shopper, 'whatsapp_updates'))?.action, 'given', 'the opt-in is a record');

    const off = await call('POST', '/account/consents/whatsapp_updates', shopper, { given: false });
    assert.equal(off.status, 200);
    assert.deepEqual((await call('GET', '/whatsapp/opt-in', shopper)).body.data, {
      optedIn: false,
      phone: '9812345678',
    });
    const on = await call('POST', '/account/consents/whatsapp_updates', shopper, { given: true });
    assert.equal(on.status, 200, 'the number given before is kept');
    assert.equal((await call('GET', '/whatsapp/opt-in', shopper)).body.data.optedIn, true);
  });

  test('a session is needed, the purpose must be an optional one, and a cookie write from another origin is refused', async () => {
    const shopper = await register(ctx.app);
    for (const [method, url] of [
      ['GET', '/account/consents'],
      ['POST', '/account/consents/cart_reminders'],
      ['POST', '/account/consents/price_alerts'],
    ] as const) {
      const res = await call(method, url, null, method === 'POST' ? { given: true } : undefined);
      assert.equal(res.status, 401, url);
      assert.equal(res.body.message, AUTH_MESSAGES.authRequired);
    }
    for (const purpose of ['account', 'orders', 'newsletter']) {
      const res = await call('POST', `/account/consents/${purpose}`, shopper, { given: false });
      assert.equal(res.status, 400, purpose);
      assert.match(res.body.message, new RegExp(CONSENT_MESSAGES.purposeInvalid));
    }
    assert.match(CONSENT_MESSAGES.purposeInvalid, /price drops/, 'the refusal names every choice');
    const noBoolean = await call('POST', '/account/consents/cart_reminders', shopper, { given: 'yes' });
    assert.equal(noBoolean.status, 400);

    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/account/consents/cart_reminders',
      headers: { cookie: shopper.cookie, origin: 'http://evil.test' },
      payload: { given: true },
    });
    assert.equal(forged.statusCode, 403);
    assert.equal(forged.json().message, AUTH_MESSAGES.originNotAllowed);
    assert.equal(await currentOf(shopper, 'cart_reminders'), undefined, 'nothing recorded');
    const mine = await ctx.app.inject({
      method: 'POST',
      url: '/account/consents/cart_reminders',
      headers: fromStorefront(shopper.cookie),
      payload: { given: true },
    });
    assert.equal(mine.statusCode, 200, 'from the storefront, the cookie write goes');
  });
});

describe('nominee', () => {
  test('named, read, replaced and removed by the shopper; another shopper cannot see or remove it', async () => {
    const shopper = await register(ctx.app);
    const other = await register(ctx.app);
    const none = await call('GET', '/account/nominee', shopper);
    assert.equal(none.status, 404);
    assert.equal(none.body.message, CONSENT_MESSAGES.nomineeNotFound);
    const noContact = await call('PUT', '/account/nominee', shopper, { name: 'Ravi Rao', relationship: 'Brother' });
    assert.equal(noContact.status, 400);
    assert.match(noContact.body.message, new RegExp(CONSENT_MESSAGES.nomineeContactRequired));
    const badPhone = await call('PUT', '/account/nominee', shopper, {
      name: 'Ravi Rao',
      relationship: 'Brother',
      phone: '12345',
    });
    assert.match(badPhone.body.message, new RegExp(CONSENT_MESSAGES.nomineePhoneInvalid));

    const saved = await call('PUT', '/account/nominee', shopper, {
      name: 'Ravi Rao',
      relationship: 'Brother',
      phone: '+91 98765 43210',
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.message, CONSENT_MESSAGES.nomineeSaved);
    assert.deepEqual(
      { ...saved.body.data, updatedAt: undefined },
      { name: 'Ravi Rao', relationship: 'Brother', email: null, phone: '9876543210', updatedAt: undefined },
    );
    const replaced = await call('PUT', '/account/nominee', shopper, {
      name: 'Lakshmi Rao',
      relationship: 'Mother',
      email: 'lakshmi@example.com',
    });
    assert.equal(replaced.body.data.name, 'Lakshmi Rao');

    assert.equal((await call('GET', '/account/nominee', other)).status, 404, 'not the other shopper’s to read');
    assert.equal((await call('DELETE', '/account/nominee', other)).status, 404, 'nor to remove');
    assert.equal((await call('GET', '/account/nominee', shopper)).body.data.email, 'lakshmi@example.com');
    assert.equal((await call('GET', '/account/nominee', null)).status, 401);
    assert.equal((await call('PUT', '/account/nominee', null, { name: 'x' })).status, 401);

    const removed = await call('DELETE', '/account/nominee', shopper);
    assert.equal(removed.status, 200);
    assert.equal(removed.body.message, CONSENT_MESSAGES.nomineeRemoved);
    assert.equal((await call('GET', '/account/nominee', shopper)).status, 404);
  });
});

describe('breach register', () => {
  const entry = {
    discoveredAt: '2026-11-20T09:30:00.000Z',
    description: 'A courier partner’s export of shipping labels was readable by link for two days.',
    dataCategories: 'Names, delivery addresses, mobile numbers',
    approxAffected: 140,
    measuresTaken: 'Link revoked; courier asked to delete the export.',
  };

  test('the owner lists, adds and changes entries, each write audited; staff and support 403, strangers 401', async () => {
    const owner = await staffOfRole(ctx, 'owner');
    const staff = await staffOfRole(ctx, 'staff');
    const support = await staffOfRole(ctx, 'support');
    for (const who of [staff, support]) {
      assert.equal((await asStaff(ctx.app, who, 'GET', '/admin/api/data-breaches')).statusCode, 403, who.role);
      assert.equal((await asStaff(ctx.app, who, 'POST', '/admin/api/data-breaches', entry)).statusCode, 403);
    }
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/admin/api/data-breaches' })).statusCode, 401);

    const bad = await asStaff(ctx.app, owner, 'POST', '/admin/api/data-breaches', { ...entry, approxAffected: -1 });
    assert.equal(bad.statusCode, 400);
    const created = await asStaff(ctx.app, owner, 'POST', '/admin/api/data-breaches', entry);
    assert.equal(created.statusCode, 201, created.body);
    const breach = created.json().data;
    assert.equal(breach.reportedToBoardAt, null);
    assert.equal(breach.peopleInformedAt, null);

    const told = await asStaff(ctx.app, owner, 'PUT', `/admin/api/data-breaches/${breach.id}`, {
      ...entry,
      reportedToBoardAt: '2026-11-21T10:00:00.000Z',
      peopleInformedAt: '2026-11-21T12:00:00.000Z',
    });
    assert.equal(told.statusCode, 200, told.body);
    assert.equal(told.json().data.reportedToBoardAt, '2026-11-21T10:00:00.000Z');
    const staffEdit = await asStaff(ctx.app, staff, 'PUT', `/admin/api/data-breaches/${breach.id}`, entry);
    assert.equal(staffEdit.statusCode, 403);
    const missing = await asStaff(
      ctx.app,
      owner,
      'PUT',
      '/admin/api/data-breaches/00000000-0000-4000-8000-000000000000',
      entry,
    );
    assert.equal(missing.statusCode, 404);

    const list = await asStaff(ctx.app, owner, 'GET', '/admin/api/data-breaches');
    assert.deepEqual(
      (list.json().data as { id: string; peopleInformedAt: string }[]).map((b) => [b.id, b.peopleInformedAt]),
      [[breach.id, '2026-11-21T12:00:00.000Z']],
    );
    const audit = await asStaff(ctx.app, owner, 'GET', `/admin/api/audit?entity=data-breach&entityId=${breach.id}`);
    assert.deepEqual((audit.json().data.rows as { action: string }[]).map((e) => e.action).sort(), [
      'data-breach.create',
      'data-breach.update',
    ]);
  });
});
