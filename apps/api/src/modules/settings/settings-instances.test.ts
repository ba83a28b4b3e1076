/**
 * The store settings on two API instances sharing a PostgreSQL database (docs/admin.md "Store
 * settings"): what the owner saves through one is in force on the other within seconds.
 * @postgres: a second instance needs a server database (sameDatabaseAs).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createTestApp, type TestContext } from '../../test/harness';
import { asStaff, staffOfRole } from '../../test/staff';
import { STORE_SETTINGS_CACHE_MS } from './service';

let ctx: TestContext;
let other: TestContext | null = null;

before(async () => {
  if (!process.env.DATABASE_URL) return;
  ctx = await createTestApp({ seed: false });
  other = await createTestApp({ seed: false, sameDatabaseAs: ctx });
});
after(async () => {
  await other?.close();
  await ctx?.close();
});

test(
  'a save on one instance is in force on the other within seconds',
  { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL' },
  async () => {
    const read = async () =>
      (await other!.app.inject({ method: 'GET', url: '/store-settings' })).json().data.storeName as string;
    assert.equal(await read(), 'Vastra', 'the other instance has read (and keeps) the default');
    const owner = await staffOfRole(ctx, 'owner');
    const { settings } = (await asStaff(ctx.app, owner, 'GET', '/admin/api/store-settings')).json().data;
    const saved = await asStaff(ctx.app, owner, 'PUT', '/admin/api/store-settings', {
      ...settings,
      storeName: 'Second Look',
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const deadline = Date.now() + STORE_SETTINGS_CACHE_MS + 1_000;
    let seen = await read();
    while (seen !== 'Second Look' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      seen = await read();
    }
    assert.equal(seen, 'Second Look');
  },
);
