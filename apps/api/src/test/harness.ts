/**
 * Test harness: the real app on a real, private database per test file (test/databases.ts).
 *
 * - Without DATABASE_URL: an in-memory PGlite loaded from a migrated, seeded snapshot.
 * - With DATABASE_URL (a PostgreSQL server): a fresh database per test file, copied from a
 *   seeded template database that is built once per catalogue and migration set, so a file
 *   costs a `CREATE DATABASE … TEMPLATE` rather than a full seed.
 *
 * TEST_CATALOG=full seeds all 44,446 styles instead of the 400-product store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { MEMORY, openDatabase, type Database } from '../db/client';
import { pgliteDatabase, postgresDatabase, testCatalog, type Catalog } from './databases';
import { checkAfterEachTest, FaultWatch, forget } from './log-check';

export { testCatalog, type Catalog } from './databases';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** The app's private DATA_DIR (outbox, uploads, generated secret); removed on close. */
  dataDir: string;
  /** The private PostgreSQL database's URL (undefined on PGlite), for a second app on it (`sameDatabaseAs`). */
  databaseUrl?: string;
  /**
   * Declares server faults the running test means (a 5xx, an error log line; log-check.ts):
   * those matching a pattern do not fail it. Any other fails the test (checked after each test
   * and at `close()`).
   */
  expectServerErrors: (...patterns: RegExp[]) => void;
  /** Closes the app and its database; throws when the app had undeclared server faults since the last check. */
  close: () => Promise<void>;
};

/** Origin of the storefront in tests: cookie-authenticated writes must come from it. */
export const TEST_STOREFRONT_URL = 'http://shop.test';

/** The tests' configuration: silent, the test addresses, DATA_DIR `dataDir`, `env` added or overriding. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://api.test',
    STOREFRONT_URL: TEST_STOREFRONT_URL,
    // Tests refresh refunds themselves; a background run would race them.
    REFUND_REFRESH_MINUTES: '0',
    ...env,
  });
}

/**
 * Builds the app on a private database and a private temporary DATA_DIR. `seed: false`
 * gives an empty, migrated database; `env` adds or overrides environment variables.
 * `sameDatabaseAs` (PostgreSQL only) builds another instance on that context's database and
 * DATA_DIR, with its own connections, as a second API process would be; its `close()` leaves
 * both to their owner. Call `close()` in `after()`.
 */
export async function createTestApp(
  opts: {
    seed?: boolean;
    catalog?: Catalog;
    env?: Record<string, string>;
    logStream?: NodeJS.WritableStream;
    sameDatabaseAs?: TestContext;
    /** Webhooks to a local receiver, a chosen DNS lookup, short retries (AppDeps). */
    webhooks?: AppDeps['webhooks'];
    /** Push to a stand-in push service (AppDeps). */
    push?: AppDeps['push'];
  } = {},
): Promise<TestContext> {
  const seed = opts.seed ?? true;
  const catalog = opts.catalog ?? testCatalog();
  const serverUrl = process.env.DATABASE_URL;
  const shared = opts.sameDatabaseAs;
  const dataDir = shared?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-test-'));
  const removeDataDir = () => {
    if (!shared) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // The configuration is checked before any database is opened, as server.ts does.
  let config: Config;
  try {
    // Error lines are logged even when the test reads none, so that log-check.ts sees them.
    config = testConfig(dataDir, { LOG_LEVEL: 'error', ...opts.env });
  } catch (err) {
    removeDataDir();
    throw err;
  }
  let drop = async () => {};
  let database: Database;
  let databaseUrl: string | undefined;
  if (shared) {
    if (!shared.databaseUrl) throw new Error('sameDatabaseAs needs PostgreSQL (DATABASE_URL)');
    databaseUrl = shared.databaseUrl;
    database = await openDatabase({ databaseUrl, dataDir: MEMORY });
  } else if (serverUrl) {
    const created = await postgresDatabase(serverUrl, catalog, seed);
    drop = created.drop;
    databaseUrl = created.url;
    database = await openDatabase({ databaseUrl: created.url, dataDir: MEMORY });
    await database.migrate();
  } else {
    database = await pgliteDatabase(catalog, seed);
  }
  const faults = new FaultWatch();
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      logStream: faults.logStream(opts.logStream),
      webhooks: opts.webhooks,
      push: opts.push,
    });
    faults.watch(app);
    await app.ready();
  } catch (err) {
    // An open database (a PGlite loaded from a snapshot) would keep the test process alive.
    await database.close();
    await drop();
    removeDataDir();
    throw err;
  }
  checkAfterEachTest(faults);
  return {
    app,
    database,
    config,
    dataDir,
    databaseUrl,
    expectServerErrors: (...patterns) => faults.expect(...patterns),
    close: async () => {
      forget(faults);
      await app.close();
      await database.close();
      await drop();
      removeDataDir();
      await faults.check('before or while closing');
    },
  };
}

/** GET a JSON endpoint through the app; returns status and parsed body. */
export async function getJson<T = Record<string, unknown>>(
  app: FastifyInstance,
  url: string,
): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}
