/**
 * `npm run db:copy-to-postgres` as an operator runs it: a PGlite store in a data dir (the
 * 400-product catalogue, a shopper with a cart and an order, a table of unusual column types)
 * is copied into a new PostgreSQL database on 127.0.0.1:5432 (or the server of DATABASE_URL);
 * every table reads the same on both sides, the API on the copy answers the same products, logs
 * the shopper in, shows the order and numbers a new order after it. A data dir held by a running
 * API and a second copy into the filled target are refused and change nothing.
 * It takes 15–60 s (a seed and three runs of the command), so it runs only with DATABASE_URL
 * set: in the PostgreSQL half of the tests.
 * Run: `cd apps/api && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx --test src/db/copy-to-postgres.test.ts`
 *
 * @postgres: copies into the server.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app';
import { bearer, login, register, type Account } from '../test/accounts';
import { testConfig } from '../test/harness';
import { BENGALURU_ADDRESS } from '../test/orders';
import { pickProducts, setStock } from '../test/catalog';
import { openDatabase, queryRows, type Database, type Db } from './client';
import { seedCatalog } from './seed';

const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const name = `vastra_copy_${randomBytes(4).toString('hex')}`;
const targetUrl = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
let dataDir: string;

/** Column types the store's tables do not all use yet, and an identity column. */
const PROBE_TABLE = `CREATE TABLE copy_probe (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY, amount numeric(12, 4), raw bytea, at timestamptz,
  span interval, tags text[], doc jsonb, twice integer GENERATED ALWAYS AS (id * 2) STORED)`;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function appOn(database: Database): Promise<FastifyInstance> {
  return buildApp({ config: testConfig(dataDir), database });
}

/** The command with a clean environment: the embedded database in `dataDir`. */
function copy(): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/db/copy-to-postgres-cli.ts', '--to', targetUrl], {
    env,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}

/** Each public table's row count and a digest of its rows in text form (generated columns included). */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  await db.execute(sql`SET TimeZone = 'UTC'`);
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY 1`,
  );
  const prints: Record<string, string> = {};
  for (const { name: table } of tables) {
    const [row] = await queryRows<{ n: number; digest: string | null }>(
      db,
      sql.raw(`SELECT count(*)::int AS n, md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest FROM "${table}" t`),
    );
    prints[table] = `${row!.n} ${row!.digest}`;
  }
  return prints;
}

let shopper: Account;
let orderId: string;
let orderNumber: string;
let productIds: string[];

const products = async (app: FastifyInstance) =>
  (await app.inject({ method: 'GET', url: '/products/search?limit=48&sort=price_asc' }))
    .json()
    .data.products.map((p: { id: string }) => p.id);

describe(
  'db:copy-to-postgres',
  { skip: !process.env.DATABASE_URL && 'needs DATABASE_URL (a PostgreSQL server)' },
  () => {
    before(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-copy-'));
      const source = await openDatabase({ dataDir });
      try {
        await source.migrate();
        await seedCatalog(source.db);
        await source.db.execute(sql.raw(PROBE_TABLE));
        await source.db.execute(sql`INSERT INTO copy_probe (amount, raw, at, span, tags, doc) VALUES
      (12345678.9012, '\\x00ff10'::bytea, '2024-03-31 23:59:59.123456+05:30', '1 day 02:03:04.5', '{a,"b c",NULL}', '{"k": [1, 2.50, "₹"]}'),
      (NULL, NULL, NULL, NULL, '{}', NULL)`);
        const app = await appOn(source);
        try {
          shopper = await register(app);
          const [product] = await pickProducts(source.db, 1);
          const item = { productId: product!.id, variantId: product!.variants[0]!.id, quantity: 1 };
          await setStock(source.db, item.variantId, 5);
          const cart = await app.inject({
            method: 'POST',
            url: '/cart/add',
            headers: bearer(shopper.token),
            payload: item,
          });
          assert.equal(cart.statusCode, 200, cart.body);
          const order = await app.inject({
            method: 'POST',
            url: '/orders',
            headers: bearer(shopper.token),
            payload: { items: [item], shippingAddress: BENGALURU_ADDRESS, paymentMethod: 'sandbox' },
          });
          assert.equal(order.statusCode, 201, order.body);
          ({ id: orderId, orderNumber } = order.json().data.order);
          productIds = await products(app);
        } finally {
          await app.close();
        }
      } finally {
        await source.close();
      }
      await admin((c) => c.query(`CREATE DATABASE ${name}`));
      await admin(async () => {
        const target = new pg.Client({ connectionString: targetUrl });
        await target.connect();
        await target.query(PROBE_TABLE);
        await target.end();
      });
    });

    after(async () => {
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    test('a data dir the running API holds is refused, and the target is not touched', async () => {
      const source = await openDatabase({ dataDir });
      try {
        const run = await copy();
        assert.equal(run.status, 1);
        assert.match(run.stderr, /in use by process/);
      } finally {
        await source.close();
      }
      const tables = await admin(async () => {
        const target = new pg.Client({ connectionString: targetUrl });
        await target.connect();
        const { rows } = await target.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
        await target.end();
        return rows[0].n as number;
      });
      assert.equal(tables, 1, 'only the test’s own table: not even migrated');
    });

    test('the copy reads the same on both sides, and the API on it is the same store', async () => {
      const run = await copy();
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /^products\s+400\s+400$/m);
      assert.match(run.stdout, /^orders\s+1\s+1$/m);
      assert.match(run.stdout, /sequence order_number_seq: next value \d+/);
      assert.match(run.stdout, /Copied \d+ tables, \d+ rows, in [\d.]+ s/);

      const source = await openDatabase({ dataDir });
      const target = await openDatabase({ databaseUrl: targetUrl, dataDir });
      try {
        const [before, after] = [await fingerprint(source.db), await fingerprint(target.db)];
        assert.deepEqual(after, before);
        assert.match(after.users!, /^1 /);
        assert.match(after.carts!, /^1 /);

        const app = await appOn(target);
        try {
          assert.deepEqual(await products(app), productIds);
          const again = await login(app, shopper.email, shopper.password);
          assert.equal(again.userId, shopper.userId);
          const order = await app.inject({ method: 'GET', url: `/orders/${orderId}`, headers: bearer(again.token) });
          assert.equal(order.statusCode, 200, order.body);
          assert.equal(order.json().data.order.orderNumber, orderNumber);

          const [product] = await pickProducts(target.db, 1, { skip: 1 });
          const item = { productId: product!.id, variantId: product!.variants[0]!.id, quantity: 1 };
          await setStock(target.db, item.variantId, 5);
          const next = await app.inject({
            method: 'POST',
            url: '/orders',
            headers: bearer(again.token),
            payload: { items: [item], shippingAddress: BENGALURU_ADDRESS, paymentMethod: 'sandbox' },
          });
          assert.equal(next.statusCode, 201, next.body);
          const number = (n: string) => Number(n.replace(/\D/g, ''));
          assert.equal(number(next.json().data.order.orderNumber), number(orderNumber) + 1);
        } finally {
          await app.close();
        }
        const [probe] = await queryRows<{ id: number; twice: number }>(
          target.db,
          sql`INSERT INTO copy_probe (tags) VALUES ('{}') RETURNING id, twice`,
        );
        assert.deepEqual(probe, { id: 3, twice: 6 });
      } finally {
        await target.close();
        await source.close();
      }
    });

    test('a second copy into the filled target is refused and changes nothing', async () => {
      const target = await openDatabase({ databaseUrl: targetUrl, dataDir });
      try {
        const before = await fingerprint(target.db);
        const run = await copy();
        assert.equal(run.status, 1);
        assert.match(run.stderr, /already holds store data: .*users \(1 rows\)/);
        assert.deepEqual(await fingerprint(target.db), before);
      } finally {
        await target.close();
      }
    });
  },
);
