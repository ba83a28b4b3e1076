/**
 * A database blip while pg-boss marks a job done (lib/jobs/pg-boss.ts): the connection storing
 * a gift card mail's end is cut by the server (pg_terminate_backend) exactly while it waits to
 * mark the job completed. The process goes on (no unhandled rejection), the job ends completed
 * once the database answers again, and the mail went once. PostgreSQL only.
 *
 * @postgres: pg-boss and the server's pg_terminate_backend.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createTestApp, type TestContext } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp';
import { asStaff, staffOfRole } from '../../test/staff';

const onPostgres = Boolean(process.env.DATABASE_URL);

/** Polls `check` every 50 ms until it answers something other than undefined, for at most `ms`. */
async function waitFor<T>(check: () => Promise<T | undefined>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) assert.fail(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(
  'a job whose end is being stored when the database connection drops',
  { skip: !onPostgres && 'needs DATABASE_URL' },
  () => {
    let ctx: TestContext;
    let smtp: TestSmtpServer;
    let admin: pg.Client;
    // Polls pg_stat_activity from outside admin's transaction: inside one, PostgreSQL answers the
    // same snapshot of it every time, and a wait that starts after the first look is never seen.
    let watcher: pg.Client;
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);

    before(async () => {
      process.on('unhandledRejection', record);
      smtp = await startSmtpServer();
      ctx = await createTestApp({ seed: false, env: { SMTP_URL: smtp.url, JOBS_POLL_MS: '500' } });
      admin = new pg.Client({ connectionString: ctx.databaseUrl });
      await admin.connect();
      watcher = new pg.Client({ connectionString: ctx.databaseUrl });
      await watcher.connect();
    });
    after(async () => {
      await admin.end();
      await watcher.end();
      await ctx.close();
      await smtp.close();
      process.off('unhandledRejection', record);
    });

    test('is completed once the database answers again, and the process goes on', async () => {
      const owner = await staffOfRole(ctx, 'owner');
      smtp.hold();
      const res = await asStaff(ctx.app, owner, 'POST', '/admin/api/gift-cards', {
        amountPaise: 500_00,
        recipient: { email: 'blip@example.com', name: 'Meera', message: '' },
      });
      assert.equal(res.statusCode, 201, res.body);
      // The mail job runs, held by the SMTP server: lock its row, so that marking it done waits.
      await smtp.holding();
      await admin.query('BEGIN');
      const { rows: locked } = await admin.query<{ id: string }>(
        `SELECT id FROM pgboss.job WHERE name = 'mail-gift-card' AND state = 'active' FOR UPDATE`,
      );
      assert.equal(locked.length, 1);
      smtp.release();
      const marking = await waitFor(
        async () =>
          (
            await watcher.query<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity
              WHERE datname = current_database() AND pid <> pg_backend_pid()
                AND wait_event_type = 'Lock' AND query LIKE '%completed_on = now()%'`,
            )
          ).rows[0]?.pid,
        30_000,
        'the job is being marked done',
      );
      await admin.query('SELECT pg_terminate_backend($1)', [marking]);
      await admin.query('ROLLBACK');

      const state = await waitFor(
        async () => {
          const { rows } = await admin.query<{ state: string }>('SELECT state FROM pgboss.job WHERE id = $1', [
            locked[0]!.id,
          ]);
          return rows[0]?.state === 'completed' ? rows[0].state : undefined;
        },
        30_000,
        'the job is completed',
      );
      assert.equal(state, 'completed');
      assert.deepEqual(unhandled, [], 'no unhandled rejection');
      assert.equal(smtp.mails.filter((m) => m.to && JSON.stringify(m.to).includes('blip@example.com')).length, 1);
      const health = await ctx.app.inject({ method: 'GET', url: '/ready' });
      assert.equal(health.statusCode, 200, health.body);
    });
  },
);
