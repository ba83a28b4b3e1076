/**
 * API instances started together on a new PostgreSQL database (docs/deploy.md "Upgrades"):
 * each installs pg-boss's schema and creates the job queues (attaching partitions to
 * pgboss.job); without taking turns two of three starts failed with "deadlock detected" in
 * every round, and now and then one with a duplicate schema name. Always runs against the
 * PostgreSQL server at 127.0.0.1:5432 (or DATABASE_URL's server).
 * Run: `cd apps/api && node --import tsx --test src/lib/jobs/start-together.test.ts`
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { test } from 'node:test';
import pg from 'pg';
import { PgBossJobs } from './pg-boss';

const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const QUEUES = ['order-expiry', 'cart-cleanup', 'refund-refresh', 'store-notify', 'gift-card-mail', 'claim-mail'];
const SETTINGS = { work: true, retryLimit: 1, retryDelayMs: 1000, backoff: true, pollMs: 500 };

test('three instances started at once on a new database all start, with each queue created once', async () => {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const name = `vastra_jobs_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const pools = [1, 2, 3].map(() => new pg.Pool({ connectionString: url.toString(), max: 5 }));
  // As the app does (db/client.ts): an idle connection the server drops is replaced, not fatal.
  for (const pool of pools) pool.on('error', () => {});
  try {
    for (let round = 1; round <= 3; round++) {
      // Each round on an empty pgboss schema: the instances race to install it and create every queue.
      await pools[0]!.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
      const instances = pools.map((pool) => {
        const jobs = new PgBossJobs(pool, SETTINGS, { error: () => {} });
        for (const queue of QUEUES) jobs.work(queue, async () => {});
        return jobs;
      });
      const started = await Promise.allSettled(instances.map((jobs) => jobs.start()));
      await Promise.all(instances.map((jobs) => jobs.stop()));
      assert.deepEqual(
        started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started')),
        ['started', 'started', 'started'],
        `round ${round}`,
      );
      const { rows } = await pools[0]!.query<{ name: string }>('SELECT name FROM pgboss.queue ORDER BY name');
      assert.deepEqual(
        rows.map((row) => row.name),
        [...QUEUES].sort(),
      );
    }
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});
