/**
 * Background jobs (lib/jobs): the in-process runner retries with backoff and keeps failures in
 * its history; a mail the SMTP server refuses at first arrives after retries, and one refused
 * every time ends failed in the admin's job history, without the gift card's code stored or
 * shown (both backends). On PostgreSQL: with two instances on one database, each recurring job
 * runs once per period and the store notifier mails a window once; a worker drains a backlog
 * without waiting a poll interval between jobs; a job sent by an instance that only sends
 * (JOBS_WORK=false), which then stops, runs in an instance started later.
 *
 * @postgres: pg-boss and two instances on one database need the server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import type { JobRecord } from '.';
import { queryRows } from '../../db/client';
import { register } from '../../test/accounts';
import { createTestApp, type TestContext } from '../../test/harness';
import { MANY_ORDERS_ENV } from '../../test/orders';
import { outboxMailsTo } from '../../test/outbox';
import { piecesOf, placePaidOrder } from '../../test/returns';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { asStaff, staffOfRole } from '../../test/staff';
import { InProcessJobs } from './in-process';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** Two retries, 1 s then 2 s apart (pg-boss counts whole seconds), polled every 0.5 s. */
const FAST_JOBS = { JOBS_RETRY_LIMIT: '2', JOBS_RETRY_DELAY_MS: '1000', JOBS_POLL_MS: '500' };
const quiet = { error: () => {} };

describe('the in-process runner', () => {
  test('retries a failing job with backoff until it succeeds; one failing every retry ends failed', async () => {
    const jobs = new InProcessJobs({ work: true, retryLimit: 2, retryDelayMs: 20, backoff: true, pollMs: 500 }, quiet);
    const attempts: number[] = [];
    jobs.work<{ orderId: string }>('flaky', async () => {
      attempts.push(Date.now());
      if (attempts.length < 3) throw new Error(`attempt ${attempts.length} failed`);
    });
    jobs.work('broken', async () => {
      throw new Error('always down');
    });
    await jobs.start();
    await jobs.send('flaky', { orderId: 'o-1' });
    await jobs.send('broken', {});
    assert.equal(await jobs.depth(), 2);
    await jobs.idle();
    assert.equal(attempts.length, 3);
    assert.ok(attempts[2]! - attempts[1]! >= 38, 'the second wait is doubled (20 ms, then 40 ms)');
    const byName = new Map((await jobs.recent(10)).map((j) => [j.name, j]));
    assert.deepEqual([byName.get('flaky')!.state, byName.get('flaky')!.retryCount], ['completed', 2]);
    assert.deepEqual(
      [byName.get('broken')!.state, byName.get('broken')!.retryCount, byName.get('broken')!.error],
      ['failed', 2, 'always down'],
    );
    assert.equal(await jobs.depth(), 0);
    await jobs.stop();
  });
});

describe('a mail job', () => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  const history = async (owner: Awaited<ReturnType<typeof staffOfRole>>) => {
    const res = await asStaff(ctx.app, owner, 'GET', '/admin/api/jobs?limit=50');
    assert.equal(res.statusCode, 200, res.body);
    return (res.json().data as { jobs: JobRecord[] }).jobs.filter((j) => j.name === 'mail-gift-card');
  };
  const issue = async (owner: Awaited<ReturnType<typeof staffOfRole>>, email: string) => {
    const res = await asStaff(ctx.app, owner, 'POST', '/admin/api/gift-cards', {
      amountPaise: 250_00,
      recipient: { email, name: 'Asha Rao', message: '' },
    });
    assert.equal(res.statusCode, 201, res.body);
    return (res.json().data as { code: string }).code;
  };

  before(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestApp({ seed: false, env: { ...FAST_JOBS, SMTP_URL: smtp.url } });
  });
  after(async () => {
    await ctx.close();
    await smtp.close();
  });

  test('refused twice by the SMTP server, arrives on the second retry', async () => {
    const owner = await staffOfRole(ctx, 'owner');
    smtp.refuseNext(2);
    const code = await issue(owner, 'retried@example.com');
    const mail = await smtp.waitForMail('retried@example.com', 20_000);
    assert.match(mail.text ?? '', new RegExp(code));
    await ctx.app.jobs.idle();
    const [job] = await history(owner);
    assert.deepEqual([job!.state, job!.retryCount], ['completed', 2]);
  });

  test('refused every time, ends failed in the job history, the code neither stored nor shown', async () => {
    const owner = await staffOfRole(ctx, 'owner');
    // The runner logs the job that gave up: what an operator must hear of.
    ctx.expectServerErrors(/^error: job failed after its retries: Message failed: 451 /);
    smtp.refuseNext(3);
    const code = await issue(owner, 'refused@example.com');
    await ctx.app.jobs.idle();
    const [job] = await history(owner);
    assert.deepEqual([job!.state, job!.retryCount], ['failed', 2]);
    assert.match(job!.error ?? '', /451/);
    assert.ok(!JSON.stringify(job).includes(code));
    assert.equal(smtp.mails.filter((m) => m.text?.includes(code)).length, 0);
    if (onPostgres) {
      const stored = await queryRows<{ data: string }>(
        ctx.database.db,
        sql`SELECT data::text AS data FROM pgboss.job WHERE name = 'mail-gift-card'`,
      );
      assert.equal(stored.length, 2);
      assert.ok(
        stored.every((r) => !r.data.includes(code)),
        'the payload holds the card id, not its code',
      );
    }
  });
});

describe('two instances on one PostgreSQL database', { skip: !onPostgres && 'needs DATABASE_URL' }, () => {
  const STORE = 'orders@vastra.example';

  test('each recurring job runs once per period, and one store mail goes for a window', async () => {
    const env = { ...MANY_ORDERS_ENV, ...FAST_JOBS, STORE_NOTIFY_EMAIL: STORE, STORE_NOTIFY_MINUTES: '60' };
    const first = await createTestApp({ env });
    const second = await createTestApp({ env, sameDatabaseAs: first });
    try {
      await first.app.jobs.idle();
      const runs = await queryRows<{ name: string; slot: string; n: number }>(
        first.database.db,
        sql`SELECT name, singleton_on::text AS slot, count(*)::int AS n FROM pgboss.job
            WHERE name IN ('orders-expire-unpaid', 'cart-guest-cleanup', 'admin-store-notify')
            GROUP BY name, singleton_on`,
      );
      assert.deepEqual([...new Set(runs.map((r) => r.name))].sort(), [
        'admin-store-notify',
        'cart-guest-cleanup',
        'orders-expire-unpaid',
      ]);
      for (const run of runs) assert.equal(run.n, 1, `${run.name} ran ${run.n} times in one period`);

      const shopper = await register(first.app, { name: 'Farah Khan' });
      const [piece] = await piecesOf(first, 1, { blocked: false, pricePaise: 99_900 });
      const items = [{ productId: piece!.productId, variantId: piece!.variantId, quantity: 1 }];
      await placePaidOrder(first, shopper, { items });
      const now = new Date(Date.now() + 1000);
      const sent = await Promise.all([first.app.storeNotifier!.sendNew(now), second.app.storeNotifier!.sendNew(now)]);
      assert.equal(sent[0].orders + sent[1].orders, 1, 'one instance claims the window');
      const mails = await outboxMailsTo(first.dataDir, STORE);
      // From STORE_SUMMARY_HOUR (India time) the first run also mails yesterday's summary: once.
      const summaries = mails.filter((m) => m.subject?.startsWith('Vastra daily summary'));
      assert.ok(summaries.length <= 1, `${summaries.length} daily summaries`);
      assert.deepEqual(
        mails.filter((m) => !summaries.includes(m)).map((m) => m.subject),
        ['Vastra: 1 new order'],
      );
    } finally {
      await second.close();
      await first.close();
    }
  });

  test('a worker takes queued jobs one after another at once, not one per poll interval', async () => {
    const ctx = await createTestApp({ seed: false, env: { JOBS_POLL_MS: '2000' } });
    try {
      const owner = await staffOfRole(ctx, 'owner');
      const started = Date.now();
      for (let i = 0; i < 5; i++) {
        const res = await asStaff(ctx.app, owner, 'POST', '/admin/api/gift-cards', {
          amountPaise: 100_00,
          recipient: { email: 'backlog@example.com', name: 'Ravi', message: '' },
        });
        assert.equal(res.statusCode, 201, res.body);
      }
      await ctx.app.jobs.idle();
      assert.equal((await outboxMailsTo(ctx.dataDir, 'backlog@example.com')).length, 5);
      // One job per 2 s poll would take 10 s; the first poll alone may take 2 s.
      assert.ok(Date.now() - started < 5000, `5 jobs took ${Date.now() - started} ms`);
    } finally {
      await ctx.close();
    }
  });

  test('a job sent by an instance that only sends, and stopped, runs in an instance started later', async () => {
    const base = await createTestApp({ seed: false, env: FAST_JOBS });
    try {
      // The first instance stops working: from here only the next two use the database.
      await base.app.close();
      const sender = await createTestApp({
        sameDatabaseAs: base,
        env: { ...FAST_JOBS, JOBS_WORK: 'false', DATABASE_URL: base.databaseUrl! },
      });
      const owner = await staffOfRole(sender, 'owner');
      const res = await asStaff(sender.app, owner, 'POST', '/admin/api/gift-cards', {
        amountPaise: 100_00,
        recipient: { email: 'later@example.com', name: 'Ravi', message: '' },
      });
      assert.equal(res.statusCode, 201, res.body);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const waiting = await queryRows<{ state: string }>(
        base.database.db,
        sql`SELECT state FROM pgboss.job WHERE name = 'mail-gift-card'`,
      );
      assert.deepEqual(waiting, [{ state: 'created' }]);
      await sender.close();
      assert.equal((await outboxMailsTo(base.dataDir, 'later@example.com')).length, 0);

      const worker = await createTestApp({ sameDatabaseAs: base, env: FAST_JOBS });
      try {
        await worker.app.jobs.idle();
        assert.equal((await outboxMailsTo(base.dataDir, 'later@example.com')).length, 1);
      } finally {
        await worker.close();
      }
    } finally {
      await base.close();
    }
  });
});
