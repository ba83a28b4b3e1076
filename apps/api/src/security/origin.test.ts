/**
 * Cross-site writes (behaviour.md §15): a write carried by a session cookie alone must come from
 * the storefront (shopper cookie) or the admin app (staff cookie). Every documented write route
 * is tried with a real session and another site's Origin, so a route added later cannot miss
 * the check (the shopper's check is one hook; the staff check runs in each route's guard).
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { ADMIN_MESSAGES, AUTH_MESSAGES } from '@vastra/contracts';
import { register, type Account } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/harness';
import { staffOfRole, type StaffLogin } from '../test/staff';

type Operation = { method: string; path: string; url: string };
type OpenApi = { paths: Record<string, Record<string, unknown>> };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const EVIL = 'https://evil.example';
/** Staff sign-in and an invitation's check and acceptance come before any staff cookie exists. */
const NO_STAFF_COOKIE_YET = /^POST \/admin\/api\/(auth\/login|invites\/(check|accept))$/;

/** Every documented write, with its path parameters filled in. */
function writeOperations(spec: OpenApi): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .map((method) => method.toUpperCase())
      .filter((method) => WRITES.has(method))
      .map((method) => ({ method, path, url: path.replace(/\{[^}]+\}/g, randomUUID()) })),
  );
}

/** Sends each operation with `headers` and an invalid body; returns those not answered 403 `message`. */
async function notRefused(ctx: TestContext, operations: Operation[], headers: Record<string, string>, message: string) {
  const answers = await Promise.all(
    operations.map(async ({ method, path, url }) => {
      const res = await ctx.app.inject({
        method: method as 'POST',
        url,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{}',
      });
      const refused = res.statusCode === 403 && res.json().message === message;
      return refused ? null : `${method} ${path} ${res.statusCode}`;
    }),
  );
  return answers.filter((a) => a !== null);
}

describe('a write riding on a session cookie from another site', () => {
  let ctx: TestContext;
  let shopper: Account;
  let owner: StaffLogin;
  let operations: Operation[];
  before(async () => {
    ctx = await createTestApp({ seed: false });
    shopper = await register(ctx.app);
    owner = await staffOfRole(ctx, 'owner');
    operations = writeOperations(ctx.app.swagger() as OpenApi);
  });
  after(() => ctx.close());

  test('every shopper write is refused with the shopper’s cookie from another origin, or with none', async () => {
    const shopperWrites = operations.filter(({ path }) => !path.startsWith('/admin/api/'));
    assert.ok(shopperWrites.length >= 40, `only ${shopperWrites.length} shopper writes found`);
    const message = AUTH_MESSAGES.originNotAllowed;
    assert.deepEqual(await notRefused(ctx, shopperWrites, { cookie: shopper.cookie, origin: EVIL }, message), []);
    assert.deepEqual(await notRefused(ctx, shopperWrites, { cookie: shopper.cookie }, message), []);
    assert.deepEqual(
      await notRefused(ctx, shopperWrites, { cookie: shopper.cookie, referer: `${EVIL}/page` }, message),
      [],
    );
  });

  test('every admin write is refused with the owner’s cookie from another origin', async () => {
    const adminWrites = operations.filter(
      ({ method, path }) => path.startsWith('/admin/api/') && !NO_STAFF_COOKIE_YET.test(`${method} ${path}`),
    );
    assert.ok(adminWrites.length >= 40, `only ${adminWrites.length} admin writes found`);
    const message = ADMIN_MESSAGES.originNotAllowed;
    assert.deepEqual(await notRefused(ctx, adminWrites, { cookie: owner.cookie, origin: EVIL }, message), []);
  });

  test('the shopper’s session still works from the storefront after the refused attempts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: shopper.cookie } });
    assert.equal(res.statusCode, 200, res.body);
  });
});
