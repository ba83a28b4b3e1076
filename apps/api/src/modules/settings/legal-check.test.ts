/**
 * What the law asks the store to show, through `GET /admin/api/compliance` (docs/admin.md
 * "Dashboard", docs/compliance.md): a fresh store (the environment's values) lacks what the
 * environment does not give; what the owner saves is checked at once; every role reads it, a
 * stranger does not.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ADMIN_MESSAGES, type LegalCheck, type StoreSettings } from '@vastra/contracts';
import { bearer, register } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, staffTeam, type StaffLogin } from '../../test/staff';
import { checkLegalRequirements } from './legal-check';

const P = '/admin/api/compliance';
// The environment names the grievance officer only: the rest of the officer is missing.
const ENV = { SELLER_NAME: 'Env Traders LLP', SELLER_GSTIN: '29AAGCV9876K1Z8', GRIEVANCE_OFFICER_NAME: 'Priya Nair' };

let ctx: TestContext;
let team: Record<'owner' | 'staff' | 'support', StaffLogin>;

before(async () => {
  ctx = await createTestApp({ env: ENV, seed: false });
  team = await staffTeam(ctx);
});
after(() => ctx.close());

async function check(who = team.owner): Promise<LegalCheck> {
  const res = await asStaff(ctx.app, who, 'GET', P);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
}

const missingOf = (c: LegalCheck) =>
  Object.fromEntries(c.requirements.filter((r) => !r.met).map((r) => [r.id, r.missing]));

async function save(change: Partial<StoreSettings>) {
  const settings = (await asStaff(ctx.app, team.owner, 'GET', '/admin/api/store-settings')).json().data.settings;
  const res = await asStaff(ctx.app, team.owner, 'PUT', '/admin/api/store-settings', { ...settings, ...change });
  assert.equal(res.statusCode, 200, res.body);
}

describe('GET /admin/api/compliance', () => {
  test('a fresh store lacks customer care, the grievance officer’s designation and contact, the data protection contact', async () => {
    const fresh = await check();
    assert.equal(fresh.allMet, false);
    assert.deepEqual(
      fresh.requirements.map((r) => [r.id, r.met]),
      [
        ['seller-name', true],
        ['seller-address', true],
        ['seller-gstin', true],
        ['customer-care', false],
        ['grievance-officer', false],
        ['data-protection-contact', false],
      ],
    );
    assert.deepEqual(missingOf(fresh), {
      'customer-care': 'No contact email or phone: the storefront shows no customer care line.',
      'grievance-officer': 'Not set: the grievance officer’s designation and email or phone.',
      'data-protection-contact': 'No data protection email and no contact email: the privacy page names no one to ask.',
    });
    // The storefront's footer shows no customer care line: the same settings.
    const shown = (await ctx.app.inject({ method: 'GET', url: '/store-settings' })).json().data;
    assert.equal(shown.contactEmail, null);
    assert.equal(shown.contactPhone, null);
    assert.equal(shown.grievanceOfficerName, ENV.GRIEVANCE_OFFICER_NAME);
  });

  test('what the owner saves counts at once: a phone alone is customer care but no data protection contact; then all met', async () => {
    await save({ contactPhone: '+91 80 4000 1234', grievanceOfficerDesignation: 'Grievance Officer' });
    assert.deepEqual(Object.keys(missingOf(await check())), ['grievance-officer', 'data-protection-contact']);

    await save({ grievanceOfficerPhone: '+91 80 4000 5678', contactEmail: 'care@vastra.test' });
    const done = await check();
    assert.equal(done.allMet, true);
    assert.ok(done.requirements.every((r) => r.met && r.missing === null));
  });

  test('staff and support read it too; no admin session is 401, a shopper’s login included', async () => {
    for (const who of [team.staff, team.support]) assert.equal((await check(who)).allMet, true);
    const stranger = await ctx.app.inject({ method: 'GET', url: P });
    assert.equal(stranger.statusCode, 401);
    assert.equal(stranger.json().message, ADMIN_MESSAGES.signInRequired);
    const shopper = await register(ctx.app, { name: 'Asha Rao' });
    assert.equal((await ctx.app.inject({ method: 'GET', url: P, headers: bearer(shopper.token) })).statusCode, 401);
  });
});

describe('the GSTIN requirement', () => {
  const base = { storeState: '29', refusedGstin: null };
  const gstinMissing = (sellerGstin: string, refusedGstin: string | null = null) =>
    checkLegalRequirements({
      ...base,
      refusedGstin,
      settings: { ...({} as StoreSettings), sellerName: 'A', sellerAddress: 'Bengaluru 560025', sellerGstin },
    }).requirements.find((r) => r.id === 'seller-gstin')!.missing;

  test('a GSTIN of the wrong form, check character or state, or the refused sample, is missing', () => {
    assert.equal(gstinMissing('29AAGCV9876K1Z8'), null);
    assert.equal(gstinMissing(''), 'The GSTIN is missing or not a valid GSTIN.');
    assert.equal(gstinMissing('29AAGCV9876K1Z3'), 'The GSTIN is missing or not a valid GSTIN.');
    assert.equal(gstinMissing('27AAGCV9876K1ZC'), 'The GSTIN does not start with 29, the store’s state code.');
    assert.equal(
      gstinMissing('29AAGCV9876K1Z8', '29AAGCV9876K1Z8'),
      'The GSTIN is the sample of the default configuration.',
    );
  });
});
