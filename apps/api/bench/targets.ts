/**
 * The databases the bench measures and the API process it starts on each: the 400-product
 * store or the full 44,446-style catalogue, on the PostgreSQL server (its own databases
 * `bench_store`/`bench_full`) or on an embedded PGlite (its own data dir under apps/api/data).
 *
 * Seeding the full catalogue takes minutes, so a seeded database is kept and marked with a
 * fingerprint of what seeding reads (the seed's code and the vendored catalogue): the next run
 * reuses it when the fingerprint matches. BENCH_RESEED=1 forces a fresh seed.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_DIR = path.resolve(API_DIR, '../..');

/** The publishable key the bench's API is started with (PUBLISHABLE_API_KEY), sent on every /store request. */
export const BENCH_PUBLISHABLE_KEY = process.env.BENCH_PUBLISHABLE_KEY ?? 'pk_bench_0123456789abcdef';

export type TargetName = 'pg-store' | 'pg-full' | 'pglite-store' | 'pglite-full';

export type Target = {
  name: TargetName;
  /** What the table calls it. */
  label: string;
  catalog: 'store' | 'full';
  kind: 'postgres' | 'pglite';
  /** The API's port; the bench uses 9900–9919 only. */
  port: number;
};

export const TARGETS: readonly Target[] = [
  { name: 'pg-store', label: 'PostgreSQL, 400 products', catalog: 'store', kind: 'postgres', port: 9900 },
  { name: 'pg-full', label: 'PostgreSQL, 44,446 products', catalog: 'full', kind: 'postgres', port: 9901 },
  { name: 'pglite-store', label: 'PGlite, 400 products', catalog: 'store', kind: 'pglite', port: 9902 },
  { name: 'pglite-full', label: 'PGlite, 44,446 products', catalog: 'full', kind: 'pglite', port: 9903 },
];

/** The PostgreSQL server's maintenance connection, from which the bench creates its databases. */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const databaseName = (t: Target) => `bench_${t.catalog}`;
const dataDir = (t: Target) => path.join(API_DIR, 'data', `bench-${t.name}`);
const FINGERPRINT_FILE = 'bench-fingerprint';

/** Hash of everything seeding reads: the seed's code and the vendored catalogue files. */
function fingerprint(t: Target): string {
  const hash = createHash('sha256').update(`${t.catalog}\n`);
  const seedDir = path.join(API_DIR, 'src/db/seed');
  const catalogDir = path.join(REPO_DIR, 'data-sources/catalog');
  const files = [
    ...fs
      .readdirSync(seedDir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(seedDir, f)),
    ...fs
      .readdirSync(catalogDir)
      .filter((f) => f.endsWith('.csv'))
      .map((f) => path.join(catalogDir, f)),
  ].sort();
  for (const file of files) hash.update(path.relative(REPO_DIR, file)).update(fs.readFileSync(file));
  return hash.digest('hex').slice(0, 16);
}

function targetUrl(t: Target): string {
  return Object.assign(new URL(ADMIN_URL), { pathname: `/${databaseName(t)}` }).toString();
}

/** The environment the API and the seed run with on `t`: like `npm start`, on the bench's database and port. */
function targetEnv(t: Target): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(t.port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir(t),
    PUBLISHABLE_API_KEY: BENCH_PUBLISHABLE_KEY,
  };
  if (t.kind === 'postgres') env.DATABASE_URL = targetUrl(t);
  else delete env.DATABASE_URL;
  if (process.env.BENCH_LOG_LEVEL) env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL;
  else delete env.LOG_LEVEL;
  return env;
}

function seed(t: Target): void {
  console.log(`Seeding ${t.label} (${t.kind === 'postgres' ? `database ${databaseName(t)}` : dataDir(t)})…`);
  const args = ['dist/seed-cli.js', ...(t.catalog === 'full' ? ['--full'] : [])];
  const run = spawnSync(process.execPath, args, { cwd: API_DIR, env: targetEnv(t), stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`seeding ${t.name} failed`);
}

/**
 * Makes `t`'s database hold its seeded catalogue: reuses it when its fingerprint matches (and
 * BENCH_RESEED is not set), otherwise recreates and seeds it, then records the fingerprint.
 */
export async function prepareDatabase(t: Target): Promise<void> {
  const want = fingerprint(t);
  const reseed = process.env.BENCH_RESEED === '1';
  if (t.kind === 'pglite') {
    const file = path.join(dataDir(t), FINGERPRINT_FILE);
    if (!reseed && fs.existsSync(file) && fs.readFileSync(file, 'utf8') === want) {
      console.log(`${t.label}: reusing the seeded ${dataDir(t)} (BENCH_RESEED=1 to seed afresh)`);
      return;
    }
    fs.rmSync(dataDir(t), { recursive: true, force: true });
    seed(t);
    fs.writeFileSync(file, want);
    return;
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const name = databaseName(t);
    const { rows } = await admin.query<{ comment: string | null }>(
      `SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`,
      [name],
    );
    if (!reseed && rows[0]?.comment === want) {
      console.log(`${t.label}: reusing the seeded database ${name} (BENCH_RESEED=1 to seed afresh)`);
      return;
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    seed(t);
    await admin.query(`COMMENT ON DATABASE ${name} IS '${want}'`);
  } finally {
    await admin.end();
  }
}

/** Resolves when GET `url`/ready answers 200; rejects after `timeoutMs` or when `child` exits. */
export async function waitForReady(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API at ${url} not ready after ${timeoutMs} ms`);
}

export type RunningApi = { url: string; pid: number; stop(): Promise<void> };

/**
 * Starts the compiled API (`node dist/server.js`, what `npm start` runs) on `t`'s database
 * and port, its log lines to /dev/null (errors still show), and waits until it is ready.
 */
export async function startApi(t: Target): Promise<RunningApi> {
  const child = spawn(process.execPath, ['dist/server.js'], {
    cwd: API_DIR,
    env: targetEnv(t),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${t.port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await waitForReady(url, 120_000, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, pid: child.pid!, stop };
}
