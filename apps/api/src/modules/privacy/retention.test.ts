/**
 * Retention of inactive accounts (docs/behaviour.md "Data rights: export, erasure, retention"):
 * after the store's years without a sign-in or order a notice is mailed; 48 hours later the
 * account is erased, unless the shopper signed in meanwhile; two scans at once mail and erase
 * once; orders kept for GST are purged after their retention date.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { login, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { insertOrder } from '../../test/orders';
import { outboxMailsTo } from '../../test/outbox';

const HOUR_MS = 3_600_000;
const YEAR_MS = 365 * 24 * HOUR_MS;

let ctx: TestContext;

before(async () => {
  ctx = await createTestApp();
});
after(() => ctx.close());

/** Moves the account's creation, sign-ins and orders `years` back. */
async function idleFor(account: Account, years: number): Promise<void> {
  const at = new Date(Date.now() - years * YEAR_MS).toISOString();
  const db = ctx.database.db;
  await db.execute(sql`UPDATE users SET created_at = ${at} WHERE id = ${account.userId}`);
  await db.execute(sql`UPDATE sessions SET created_at = ${at} WHERE user_id = ${account.userId}`);
  await db.execute(sql`UPDATE orders SET created_at = ${at} WHERE user_id = ${account.userId}`);
}

async function erasedAt(account: Account): Promise<Date | null> {
  const [row] = await queryRows<{ erased_at: Date | null }>(
    ctx.database.db,
    sql`SELECT erased_at FROM users WHERE id = ${account.userId}`,
  );
  return row!.erased_at;
}

const mailsTo = async (account: Account, subject: RegExp) =>
  (await outboxMailsTo(ctx.dataDir, account.email)).filter((m) => subject.test(m.subject ?? ''));

describe('inactive accounts', () => {
  test('a notice after the store’s years, the erasure 48 hours later, the order kept then purged', async () => {
    const idle = await register(ctx.app, { name: 'Idle Shopper' });
    const recent = await register(ctx.app, { name: 'Recent Shopper' });
    const order = await insertOrder(ctx.database.db, { userId: idle.userId, status: 'delivered' });
    await idleFor(idle, 4);
    await idleFor(recent, 2);
    const now = new Date();

    const first = await ctx.app.retention.scan(now);
    assert.equal(first.erased, 0);
    assert.equal((await mailsTo(idle, /will be closed in 48 hours/)).length, 1);
    assert.equal((await mailsTo(recent, /will be closed/)).length, 0, 'two years is within the three');

    await ctx.app.retention.scan(new Date(now.getTime() + 47 * HOUR_MS));
    assert.equal(await erasedAt(idle), null, 'not before 48 hours');
    assert.equal((await mailsTo(idle, /will be closed/)).length, 1, 'one notice');

    const later = await ctx.app.retention.scan(new Date(now.getTime() + 49 * HOUR_MS));
    assert.equal(later.erased, 1);
    assert.ok(await erasedAt(idle));
    assert.equal((await mailsTo(idle, /account is closed/)).length, 1);
    assert.equal(await erasedAt(recent), null);

    const [kept] = await queryRows<{ retain_until: string }>(
      ctx.database.db,
      sql`SELECT retain_until::text AS retain_until FROM orders WHERE id = ${order.id}`,
    );
    assert.ok(kept?.retain_until, 'the order is kept with its retention date');
    await ctx.database.db.execute(sql`UPDATE orders SET retain_until = '2020-12-31' WHERE id = ${order.id}`);
    const purged = await ctx.app.retention.scan(new Date(now.getTime() + 50 * HOUR_MS));
    assert.equal(purged.purged, 1);
    const left = await queryRows(ctx.database.db, sql`SELECT id FROM orders WHERE id = ${order.id}`);
    assert.equal(left.length, 0);
  });

  test('a sign-in between the notice and the 48 hours keeps the account', async () => {
    const shopper = await register(ctx.app, { name: 'Returning Shopper' });
    await idleFor(shopper, 4);
    const now = new Date(Date.now() - 1000);
    await ctx.app.retention.scan(now);
    assert.equal((await mailsTo(shopper, /will be closed/)).length, 1);
    await login(ctx.app, shopper.email, shopper.password);
    const result = await ctx.app.retention.scan(new Date(now.getTime() + 49 * HOUR_MS));
    assert.equal(await erasedAt(shopper), null);
    assert.ok(result.cancelled >= 1);
    assert.equal((await mailsTo(shopper, /account is closed/)).length, 0);
  });

  test('two scans at once mail one notice and erase once', async () => {
    const shopper = await register(ctx.app, { name: 'Twice Scanned' });
    await idleFor(shopper, 5);
    const now = new Date();
    await Promise.all([ctx.app.retention.scan(now), ctx.app.retention.scan(now)]);
    assert.equal((await mailsTo(shopper, /will be closed/)).length, 1);
    const due = new Date(now.getTime() + 49 * HOUR_MS);
    const results = await Promise.all([ctx.app.retention.scan(due), ctx.app.retention.scan(due)]);
    assert.equal(results[0].erased + results[1].erased, 1);
    assert.equal((await mailsTo(shopper, /account is closed/)).length, 1);
  });
});
