/**
 * Retention of inactive accounts (docs/behaviour.md "Data rights: export, erasure, retention"):
 * after the store's years without a sign-in or order a notice is mailed; 48 hours later the
 * account is erased, unless the shopper signed in meanwhile; two scans at once mail and erase
 * once; orders kept for GST are purged after their retention date, and the rest an erased account
 * keeps (consents, grievances, store credit…) once it has no order and 3 years have passed.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import { bearer, freshIp, fromStorefront, login, register, type Account } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { insertOrder, type TestOrder } from '../../test/orders';
import { outboxMailsTo } from '../../test/outbox';
import { PERSONAL_DATA } from './registry';

const HOUR_MS = 3_600_000;
const YEAR_MS = 365 * 24 * HOUR_MS;

let ctx: TestContext;
/** Every line the API logged (info and above). */
const logLines: string[] = [];

before(async () => {
  ctx = await createTestApp({
    logStream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
    env: { LOG_LEVEL: 'info' },
  });
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

/** The kept tables that hold rows of a closed account made by recordsOf (its store credit written off at closing). */
const KEPT_OF_CLOSED = ['consent_records', 'grievances', 'inactivity_notices', 'wallet_entries', 'wallets'];

describe('records kept after erasure', () => {
  // Erased at noon in India on 10 May, four years before this year: 3 years on is in the past.
  const year = new Date().getUTCFullYear() - 4;
  const erasedAtNoon = `${year}-05-10T06:30:00Z`;
  const at = (day: string) => new Date(`${day}T06:30:00Z`);
  const GRIEVANCE = 'The kurta arrived torn at the seam and nobody answered my calls.';

  /** How many rows of each table the registry keeps after erasure the account has (tables with any). */
  async function keptRows(account: Account): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const entry of PERSONAL_DATA) {
      if (entry.action !== 'keep') continue;
      const [row] = await queryRows<{ n: string | number }>(
        ctx.database.db,
        sql`SELECT count(*) AS n FROM (${entry.rows(account.userId)}) AS r`,
      );
      if (Number(row!.n) > 0) counts[entry.table] = Number(row!.n);
    }
    return counts;
  }

  /** A consent given, a grievance lodged (naming `order` when given) and store credit of 500 rupees. */
  async function recordsOf(account: Account, order?: TestOrder): Promise<void> {
    const consent = await ctx.app.inject({
      method: 'POST',
      url: '/account/consents/cart_reminders',
      headers: bearer(account.token),
      payload: { given: true },
    });
    assert.equal(consent.statusCode, 200, consent.body);
    const grievance = await ctx.app.inject({
      method: 'POST',
      url: '/grievances',
      remoteAddress: freshIp(),
      headers: bearer(account.token),
      payload: {
        name: 'Asha Rao',
        email: account.email,
        category: 'delivery',
        description: GRIEVANCE,
        ...(order ? { orderNumber: order.orderNumber } : {}),
      },
    });
    assert.equal(grievance.statusCode, 201, grievance.body);
    const db = ctx.database.db;
    await db.execute(sql`INSERT INTO wallets (user_id) VALUES (${account.userId})`);
    await db.execute(
      sql`INSERT INTO wallet_entries (user_id, kind, source, amount_paise, reason)
          VALUES (${account.userId}, 'credit', 'staff', 50000, 'Goodwill for a late parcel')`,
    );
  }

  /** Closes the account (its credit given up) and moves its erasure to `erasedAtNoon`. */
  async function closedLongAgo(account: Account): Promise<void> {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/account/erase',
      headers: fromStorefront(account.cookie),
      payload: { password: account.password, forfeitStoreCredit: true },
    });
    assert.equal(res.statusCode, 200, res.body);
    const db = ctx.database.db;
    await db.execute(
      sql`UPDATE users SET erased_at = ${erasedAtNoon}, created_at = ${erasedAtNoon}::timestamptz - interval '1 year'
          WHERE id = ${account.userId}`,
    );
    // As the inactivity erasure leaves it: the notice's record of the 48 hours.
    await db.execute(
      sql`INSERT INTO inactivity_notices (user_id, noticed_at, erase_after, erased_at)
          VALUES (${account.userId}, ${erasedAtNoon}::timestamptz - interval '2 days',
                  ${erasedAtNoon}::timestamptz - interval '1 hour', ${erasedAtNoon})`,
    );
  }

  test('without orders: kept until 3 years after the erasure, then purged; another account’s stay', async () => {
    const closed = await register(ctx.app, { name: 'Closed Shopper' });
    const open = await register(ctx.app, { name: 'Open Shopper' });
    await recordsOf(closed);
    await recordsOf(open);
    await closedLongAgo(closed);
    const openBefore = await keptRows(open);
    const before = await keptRows(closed);
    assert.deepEqual(Object.keys(before).sort(), KEPT_OF_CLOSED);
    assert.equal(before.wallet_entries, 2, 'the credit and its write-off at closing');

    const early = await ctx.app.retention.scan(at(`${year + 3}-05-09`));
    assert.equal(early.purgedRecords, 0, 'a day before the 3 years');
    assert.deepEqual(await keptRows(closed), before);

    const lines = logLines.length;
    const due = await ctx.app.retention.scan(at(`${year + 3}-05-10`));
    assert.equal(
      due.purgedRecords,
      Object.values(before).reduce((a, b) => a + b, 0),
    );
    assert.deepEqual(await keptRows(closed), {});
    const [tombstone] = await queryRows<{ name: string; email: string | null }>(
      ctx.database.db,
      sql`SELECT name, email FROM users WHERE id = ${closed.userId}`,
    );
    assert.deepEqual(tombstone, { name: 'Former customer', email: null }, 'the tombstone stays');
    assert.deepEqual(await keptRows(open), openBefore, 'the open account keeps everything');

    const logged = logLines.slice(lines).join('');
    const purgeLine = logged.split('\n').find((l) => l.includes('purged records kept after erasure'));
    assert.ok(purgeLine, logged);
    assert.deepEqual(JSON.parse(purgeLine).purgedRecords, before);
    for (const personal of [closed.email, 'Closed Shopper', GRIEVANCE, closed.userId]) {
      assert.ok(!logged.includes(personal), `the log holds ${personal}`);
    }

    const again = await ctx.app.retention.scan(at(`${year + 3}-05-11`));
    assert.equal(again.purgedRecords, 0, 'nothing twice');
  });

  test('with an order kept longer: nothing goes until the order does, then everything', async () => {
    const closed = await register(ctx.app, { name: 'Ordering Shopper' });
    const order = await insertOrder(ctx.database.db, { userId: closed.userId, status: 'delivered' });
    order.orderNumber = order.orderNumber.toUpperCase();
    await ctx.database.db.execute(
      sql`UPDATE orders SET order_number = ${order.orderNumber} WHERE id = ${order.id}::uuid`,
    );
    await recordsOf(closed, order);
    // The order paid with store credit: the debit belongs to the order.
    await ctx.database.db.execute(
      sql`INSERT INTO wallet_entries (user_id, kind, source, amount_paise, reason, order_id, order_number)
          VALUES (${closed.userId}, 'debit', 'order', -20000, 'Paid towards the order', ${order.id}, ${order.orderNumber})`,
    );
    await closedLongAgo(closed);
    const named = await queryRows(ctx.database.db, sql`SELECT id FROM grievances WHERE order_id = ${order.id}`);
    assert.equal(named.length, 1, 'the grievance names the order');
    await ctx.database.db.execute(sql`UPDATE orders SET retain_until = ${`${year + 3}-12-31`} WHERE id = ${order.id}`);
    const before = await keptRows(closed);
    assert.deepEqual(Object.keys(before).sort(), KEPT_OF_CLOSED);

    const threeYears = await ctx.app.retention.scan(at(`${year + 3}-05-10`));
    assert.equal(threeYears.purged, 0);
    assert.deepEqual(await keptRows(closed), before, '3 years passed, but the order is still kept');
    const lastDay = await ctx.app.retention.scan(at(`${year + 3}-12-31`));
    assert.equal(lastDay.purged + lastDay.purgedRecords, 0, 'kept through the order’s retention date');
    assert.deepEqual(await keptRows(closed), before);

    // Two runs at once: the order and the records go once.
    const runs = await Promise.all([
      ctx.app.retention.scan(at(`${year + 4}-01-01`)),
      ctx.app.retention.scan(at(`${year + 4}-01-01`)),
    ]);
    assert.equal(runs[0].purged + runs[1].purged, 1);
    // The debit went with the order; the rest with the account's records.
    assert.equal(runs[0].purgedRecords + runs[1].purgedRecords, Object.values(before).reduce((a, b) => a + b, 0) - 1);
    assert.deepEqual(await keptRows(closed), {});
    const orders = await queryRows(ctx.database.db, sql`SELECT id FROM orders WHERE user_id = ${closed.userId}`);
    assert.equal(orders.length, 0);
  });
});
