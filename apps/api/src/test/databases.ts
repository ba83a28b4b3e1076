/**
 * The tests' private databases, made fast: the migrations and the seed run once per catalogue
 * and per change of what shapes them (the fingerprint), and every test file starts from a copy.
 *
 * - PGlite: an in-memory database loaded from a snapshot of a migrated (and seeded) data dir,
 *   kept as a tar in the OS temporary folder (`vastra-test-pglite/`); loading one skips initdb,
 *   the migrations and the seed.
 * - PostgreSQL (DATABASE_URL): a fresh database per test file, `CREATE DATABASE … TEMPLATE` of
 *   a seeded template database built once.
 *
 * `npm test` makes the snapshots before the test files start (scripts/test.mjs runs
 * `prepareSnapshots`), so parallel files never build the same one twice; a file run on its
 * own builds what it lacks. docs/architecture.md "Tests".
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MEMORY, MIGRATIONS_DIR, openDatabase, type Database } from '../db/client';
import { seedCatalog } from '../db/seed';
import { CATALOG_DIR } from '../db/seed/source';

export type Catalog = 'store' | 'full';

/** The catalogue the tests seed: TEST_CATALOG=full for all 44,446 styles, else the 400-product store. */
export function testCatalog(): Catalog {
  return process.env.TEST_CATALOG === 'full' ? 'full' : 'store';
}

/** Every file below `dir` (recursively, sorted), skipping tests and the product photos. */
function filesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((file) => !file.endsWith('.test.ts') && !file.startsWith('images'))
    .sort()
    .map((file) => path.join(dir, file))
    .filter((file) => fs.statSync(file).isFile());
}

/**
 * Fingerprint of everything that shapes a seeded database: the migrations, the seed code and
 * the catalogue and size-chart data it reads. 12 hex digits.
 */
export function fingerprint(catalog: Catalog): string {
  const known = fingerprints.get(catalog);
  if (known) return known;
  const hash = createHash('sha256').update(catalog);
  const seedDir = path.join(path.dirname(MIGRATIONS_DIR), 'seed');
  const sizingDir = path.join(CATALOG_DIR, '..', 'sizing');
  for (const dir of [MIGRATIONS_DIR, seedDir, CATALOG_DIR, sizingDir]) {
    for (const file of filesBelow(dir)) hash.update(path.relative(dir, file)).update(fs.readFileSync(file));
  }
  const print = hash.digest('hex').slice(0, 12);
  fingerprints.set(catalog, print);
  return print;
}

/** Fingerprints already made in this process: the files behind them do not change during a run. */
const fingerprints = new Map<Catalog, string>();

const SNAPSHOT_DIR = path.join(os.tmpdir(), 'vastra-test-pglite');

/** What a snapshot holds: the migrated schema only (`empty`), or the schema and a catalogue. */
type SnapshotKind = Catalog | 'empty';

function snapshotFile(kind: SnapshotKind, print: string): string {
  return path.join(SNAPSHOT_DIR, `${kind}-${print}.tar`);
}

/** Migrates (and seeds) a fresh in-memory PGlite and writes its data dir to `file`, atomically. */
async function buildSnapshot(kind: SnapshotKind, file: string): Promise<Buffer> {
  const database = await openDatabase({ dataDir: MEMORY });
  try {
    await database.migrate();
    if (kind !== 'empty') await seedCatalog(database.db, { full: kind === 'full' });
    const bytes = Buffer.from(await (await database.dump!()).arrayBuffer());
    fs.mkdirSync(SNAPSHOT_DIR, { recursive: true });
    // Snapshots of older migrations or seeds are of no further use.
    const prefix = `${kind}-`;
    for (const old of fs.readdirSync(SNAPSHOT_DIR)) {
      if (old.startsWith(prefix) && path.join(SNAPSHOT_DIR, old) !== file)
        fs.rmSync(path.join(SNAPSHOT_DIR, old), { force: true });
    }
    // Written aside and renamed: a parallel reader sees the whole file or none.
    const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, file);
    return bytes;
  } finally {
    await database.close();
  }
}

/** The snapshot's bytes, built first when missing. */
async function snapshot(kind: SnapshotKind): Promise<Buffer> {
  const file = snapshotFile(kind, fingerprint(kind === 'empty' ? 'store' : kind));
  try {
    return fs.readFileSync(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    return buildSnapshot(kind, file);
  }
}

/** Builds the PGlite snapshots the test files will load (the empty schema and `catalog`), when missing. */
export async function prepareSnapshots(catalog: Catalog = testCatalog()): Promise<void> {
  await snapshot('empty');
  await snapshot(catalog);
}

/** A private in-memory PGlite, migrated, and seeded with `catalog` when `seeded`. */
export async function pgliteDatabase(catalog: Catalog, seeded: boolean): Promise<Database> {
  const bytes = await snapshot(seeded ? catalog : 'empty');
  return openDatabase({ dataDir: MEMORY, snapshot: new Blob([bytes]) });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A private database on the PostgreSQL server at `serverUrl`: empty, or a copy of the seeded
 * template of `catalog` (built under an advisory lock when missing). `drop()` removes it.
 */
/**
 * The first word of every test database's name (TEST_DB_PREFIX, default `vastra`): parallel
 * checkouts sharing one server each keep, and clean up, only their own templates.
 */
const DB_PREFIX = (process.env.TEST_DB_PREFIX ?? 'vastra').replace(/[^a-z0-9_]/g, '');

export async function postgresDatabase(
  serverUrl: string,
  catalog: Catalog,
  seeded: boolean,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `${DB_PREFIX}_test_${process.pid}_${randomBytes(3).toString('hex')}`;
  try {
    if (!seeded) {
      await admin.query(`CREATE DATABASE ${name}`);
    } else {
      const template = `${DB_PREFIX}_tpl_${catalog}_${fingerprint(catalog)}`;
      await admin.query('SELECT pg_advisory_lock(hashtext($1))', [template]);
      try {
        const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
        if (exists.rowCount === 0) {
          // Templates of older migrations or seed code are of no further use.
          const stale = await admin.query<{ datname: string }>(
            'SELECT datname FROM pg_database WHERE datname LIKE $1 AND datname <> $2',
            [`${DB_PREFIX}_tpl_${catalog}_%`, template],
          );
          for (const { datname } of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
          await admin.query(`CREATE DATABASE ${template}`);
          const db = await openDatabase({ databaseUrl: withDatabase(serverUrl, template), dataDir: MEMORY });
          try {
            await db.migrate();
            await seedCatalog(db.db, { full: catalog === 'full' });
          } catch (err) {
            await db.close();
            await admin.query(`DROP DATABASE IF EXISTS ${template}`);
            throw err;
          }
          await db.close();
        }
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      } finally {
        await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [template]);
      }
    }
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
