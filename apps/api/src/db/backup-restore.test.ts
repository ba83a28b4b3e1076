/**
 * Backups as docs/deploy.md "Backups and restore" takes them: `pg_dump --format=custom` of a
 * store with a shopper and an order, `pg_restore --no-owner` into an empty database, and the
 * API on the restored database has every migration, the catalogue, the shopper's login and
 * the order. Runs with DATABASE_URL (a PostgreSQL server; the CI's PostgreSQL run).
 * Run: `cd apps/api && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx --test src/db/backup-restore.test.ts`
 *
 * @postgres: pg_dump and pg_restore need the server.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app';
import { bearer, login, register, type Account } from '../test/accounts';
import { createTestApp, type TestContext } from '../test/harness';
import { insertOrder, type TestOrder } from '../test/orders';
import { MEMORY, openDatabase, queryRows, type Database } from './client';

const SERVER_URL = process.env.DATABASE_URL;

let ctx: TestContext;
let shopper: Account;
let order: TestOrder;
let restoredName: string;
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-backup-'));

function databaseUrl(name: string): string {
  const url = new URL(SERVER_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function productCount(database: Database): Promise<number> {
  const [row] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM products`);
  return row!.n;
}

before(async () => {
  if (!SERVER_URL) return;
  ctx = await createTestApp();
  shopper = await register(ctx.app);
  order = await insertOrder(ctx.database.db, { userId: shopper.userId });
});
after(async () => {
  if (restoredName) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    await admin.end();
  }
  await ctx?.close();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

test(
  'a pg_dump backup restored into an empty database serves the same store',
  { skip: !SERVER_URL && 'needs a PostgreSQL server (DATABASE_URL)' },
  async () => {
    const [{ name }] = (await queryRows<{ name: string }>(ctx.database.db, sql`SELECT current_database() AS name`)) as [
      { name: string },
    ];
    const dump = path.join(backupDir, 'vastra.dump');
    execFileSync('pg_dump', ['--format=custom', `--file=${dump}`, databaseUrl(name)]);
    restoredName = `${name}_restored`;
    execFileSync('createdb', ['--maintenance-db', SERVER_URL!, restoredName]);
    execFileSync('pg_restore', ['--no-owner', `--dbname=${databaseUrl(restoredName)}`, dump]);

    const restored = await openDatabase({ databaseUrl: databaseUrl(restoredName), dataDir: MEMORY });
    try {
      await restored.checkSchema();
      assert.equal(await productCount(restored), await productCount(ctx.database));
      const app = await buildApp({ config: ctx.config, database: restored });
      try {
        const again = await login(app, shopper.email, shopper.password);
        assert.equal(again.userId, shopper.userId);
        const res = await app.inject({ method: 'GET', url: '/orders/my-orders', headers: bearer(again.token) });
        assert.equal(res.statusCode, 200, res.body);
        assert.match(res.body, new RegExp(order.orderNumber));
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }
  },
);
