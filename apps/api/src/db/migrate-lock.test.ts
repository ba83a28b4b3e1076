/**
 * Migrations as their own step on PostgreSQL (docs/deploy.md "Upgrades"): migrators started
 * together apply each migration once, one after another under an advisory lock; a database
 * missing a committed migration is refused by `checkSchema`, and a production API exits 1 on
 * it, naming `npm run db:migrate`, without touching it, then starts once it is migrated.
 * Always runs against the PostgreSQL server at 127.0.0.1:5432 (or DATABASE_URL's server).
 * Run: `cd apps/api && node --import tsx --test src/db/migrate-lock.test.ts`
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { productionEnv } from '../test/production';
import { MEMORY, openDatabase, queryRows, SchemaBehindError } from './client';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const COMMITTED = (
  JSON.parse(fs.readFileSync(path.join(API_DIR, 'src/db/migrations/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

const admin = new pg.Client({ connectionString: SERVER_URL });
const created: string[] = [];

/** A new empty database on the server; dropped after the file. */
async function emptyDatabase(): Promise<string> {
  const name = `vastra_migrate_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  created.push(name);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

before(() => admin.connect());
after(async () => {
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

test('three migrators started at once on an empty database apply every migration exactly once', async () => {
  const url = await emptyDatabase();
  const databases = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: MEMORY })));
  try {
    const results = await Promise.allSettled(databases.map((database) => database.migrate()));
    assert.deepEqual(
      results.map((result) => (result.status === 'rejected' ? String(result.reason) : 'ok')),
      ['ok', 'ok', 'ok'],
    );
    const [row] = await queryRows<{ n: number }>(
      databases[0]!.db,
      sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`,
    );
    assert.equal(row?.n, COMMITTED);
    await databases[0]!.checkSchema();
  } finally {
    await Promise.all(databases.map((database) => database.close()));
  }
});

test('checkSchema refuses an empty database and one missing its latest migration', async () => {
  const database = await openDatabase({ databaseUrl: await emptyDatabase(), dataDir: MEMORY });
  try {
    await assert.rejects(database.checkSchema(), (err: Error) => {
      assert.ok(err instanceof SchemaBehindError);
      assert.match(err.message, new RegExp(`0 of ${COMMITTED} migrations applied.*npm run db:migrate`));
      return true;
    });
    await database.migrate();
    await database.checkSchema();
    await database.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    await assert.rejects(database.checkSchema(), new RegExp(`${COMMITTED - 1} of ${COMMITTED} migrations applied`));
  } finally {
    await database.close();
  }
});

/** Starts `src/server.ts` in production on `databaseUrl`; resolves with its exit code, or 'listening' (then stops it). */
function startProduction(
  databaseUrl: string,
  dataDir: string,
): Promise<{ outcome: number | 'listening'; output: string }> {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, ...productionEnv(), DATABASE_URL: databaseUrl };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info' },
  });
  let output = '';
  let listening = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer from the API within 60 s:\n${output}`));
    }, 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!listening && output.includes('Vastra API on')) {
        listening = true;
        child.kill('SIGTERM');
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ outcome: listening ? 'listening' : (code ?? -1), output });
    });
  });
}

test('a production API exits on an unmigrated database without changing it, and serves once it is migrated', async () => {
  const url = await emptyDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-prod-migrate-'));
  try {
    const refused = await startProduction(url, dataDir);
    assert.equal(refused.outcome, 1, refused.output);
    assert.match(refused.output, /older than this code.*npm run db:migrate/);
    const check = await openDatabase({ databaseUrl: url, dataDir: MEMORY });
    try {
      const [tables] = await queryRows<{ n: number }>(
        check.db,
        sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema IN ('public', 'drizzle')`,
      );
      assert.equal(tables?.n, 0, 'the API created no table');
      await check.migrate();
    } finally {
      await check.close();
    }
    const served = await startProduction(url, dataDir);
    assert.equal(served.outcome, 'listening', served.output);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
