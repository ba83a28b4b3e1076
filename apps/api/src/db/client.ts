/**
 * Opens the database: a PostgreSQL server when a URL is given, otherwise the embedded PGlite
 * (PostgreSQL in WASM) kept in `<dataDir>/pglite`, or in memory when `dataDir` is
 * `memory://`. Both get pg_trgm and fuzzystrmatch and run the same migrations.
 *
 * PGlite is one process's database: a lock file with the owner's pid keeps a second process
 * (say, `npm run seed` while the API runs) from opening the same data dir.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Whether a failed query ended with SQLSTATE `code`, as either driver reports it (drizzle wraps it in `cause`). */
function failedWith(err: unknown, code: string): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === code || e?.cause?.code === code;
}

/** Whether a failed query broke a unique constraint (SQLSTATE 23505). */
export function isUniqueViolation(err: unknown): boolean {
  return failedWith(err, '23505');
}

/** Whether a failed query removed a row another table's foreign key still names (SQLSTATE 23503). */
export function isForeignKeyViolation(err: unknown): boolean {
  return failedWith(err, '23503');
}

/** What is to run once the transaction the caller runs in ends (see afterTransaction). */
type TransactionEnd = { ended: boolean; callbacks: ((committed: boolean) => void)[] };
const openTransaction = new AsyncLocalStorage<TransactionEnd>();

/**
 * Runs `fn` once the transaction the caller runs in has ended (committed or rolled back), at
 * once outside one. For caches of what the transaction writes: dropped before the commit, an
 * answer read in between from another connection would be kept with the old rows
 * (docs/performance.md). Only transactions begun with the `db` of openDatabase are seen.
 */
export function afterTransaction(fn: () => void): void {
  const end = openTransaction.getStore();
  if (end && !end.ended) end.callbacks.push(() => fn());
  else fn();
}

/**
 * Runs `fn` once the transaction the caller runs in has committed, never after a rollback (its
 * promise is not awaited then: `fn` handles its own failures); outside one, at once and awaited.
 * For work that must not see, or wait on, an open transaction: on the embedded database a
 * query outside the transaction would wait for it to end.
 */
export async function afterCommit(fn: () => Promise<void>): Promise<void> {
  const end = openTransaction.getStore();
  if (end && !end.ended) end.callbacks.push((committed) => void (committed && fn()));
  else await fn();
}

/** Makes each `db.transaction` note its end for afterTransaction; a savepoint's callbacks wait for the outer end. */
function trackTransactionEnds(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (run, config) => {
    const end: TransactionEnd = { ended: false, callbacks: [] };
    let committed = false;
    return openTransaction
      .run(end, () => transaction(run, config))
      .then((result) => {
        committed = true;
        return result;
      })
      .finally(() => {
        end.ended = true;
        for (const fn of end.callbacks) fn(committed);
      });
  };
  return db;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies every pending migration. On PostgreSQL under an advisory lock, so instances and
   * `npm run db:migrate` started together run them one after another, never at once.
   */
  migrate(): Promise<void>;
  /** Throws SchemaBehindError when a committed migration has not been applied (docs/deploy.md "Upgrades"). */
  checkSchema(): Promise<void>;
  /** Runs a trivial query; resolves when the database answers. */
  ping(): Promise<void>;
  /** The connection pool's usage now (for /metrics); absent on PGlite, which has no pool. */
  poolUsage?: () => PoolUsage;
  /**
   * PGlite only: calls `listener` with the id of every cart changed or deleted (its lines
   * included), as the change commits and before the write that made it resolves. The embedded
   * database has one process, so this sees every write; a server database has no such hook
   * (instances compare `carts.version`). Resolves once listening.
   */
  onCartChange?: (listener: (cartId: string) => void) => Promise<void>;
  /** PGlite only: the whole data dir as an uncompressed tar, for `openDatabase({ snapshot })`. */
  dump?: () => Promise<Blob>;
  close(): Promise<void>;
};

/** A PostgreSQL connection pool's usage: connections held (busy or idle), idle ones, queries waiting for one, the most it opens. */
export type PoolUsage = { total: number; idle: number; waiting: number; max: number };

export type DatabaseOptions = {
  databaseUrl?: string;
  dataDir: string;
  /**
   * PGlite in memory only: start from this data dir (a `dump()` tar) instead of an empty one,
   * which skips initdb and the migrations it already holds (the tests' seeded snapshot).
   */
  snapshot?: Blob;
};

/**
 * PostgreSQL settings of the embedded database. Its shared buffers live in the WebAssembly
 * heap, touched in full at start: PostgreSQL's default 128 MB took 154 MB of the API's RSS
 * (about 490 MB under load on the 400-product store), 16 MB takes 30 MB (about 330 MB). The
 * store's 12 MB fit; the full catalogue's other pages come from the operating system's file
 * cache, and its searches are bound by the CPU either way (10–33 req/s with 16 or 128 MB).
 */
const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  // Cart changes are notified as they commit (migration 0020): see Database.onCartChange.
  'vastra.notify_cart_changes=on',
];

/** The channel migration 0020's trigger notifies a changed cart's id on. */
const CART_CHANGES_CHANNEL = 'vastra_cart_changes';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
export const MEMORY = 'memory://';

/** The advisory lock migrations hold on PostgreSQL: any 64-bit key, the same in every instance. */
const MIGRATION_LOCK = 7_236_116_198_541_023;

/** The database has not had every migration this code was built with. */
export class SchemaBehindError extends Error {
  constructor(applied: number, expected: number) {
    super(
      `The database schema is older than this code (${applied} of ${expected} migrations applied): run \`npm run db:migrate\` first (docs/deploy.md "Upgrades").`,
    );
  }
}

/** The `when` (ms) of every committed migration, in order, from drizzle's journal. */
function committedMigrations(): number[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => entry.when);
}

/**
 * Throws SchemaBehindError unless the database holds every committed migration. drizzle
 * records each applied migration's journal `when` as `created_at`; a database migrated by
 * newer code (an instance not yet rolled) has more, which is allowed.
 */
async function checkSchema(db: Db): Promise<void> {
  const expected = committedMigrations();
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS name`,
  );
  const applied = table?.name
    ? (await queryRows<{ created_at: string }>(db, sql`SELECT created_at FROM drizzle.__drizzle_migrations`)).map(
        (row) => Number(row.created_at),
      )
    : [];
  const missing = expected.filter((when) => !applied.includes(when));
  if (missing.length > 0) throw new SchemaBehindError(expected.length - missing.length, expected.length);
}

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `The database in ${dir} is in use by process ${pid} (is the API running?). Stop it first, or seed through the running API's start-up.`,
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the data dir's lock for this process; throws DataDirLockedError if another holds it. */
function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'vastra.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(fs.readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) throw new DataDirLockedError(dir, owner);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool replaces it on the next query.
    pool.on('error', (err) => process.emitWarning(`Idle database connection lost: ${err.message}`));
    const db = trackTransactionEnds(drizzlePg(pool, { schema }) as unknown as Db);
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        // A session lock lives on one connection: hold one for the migrator's whole run.
        const holder = await pool.connect();
        try {
          await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          holder.release();
        }
      },
      checkSchema: () => checkSchema(db),
      ping: async () => void (await pool.query('select 1')),
      poolUsage: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: pool.options.max ?? 10,
      }),
      close: () => pool.end(),
    };
  }

  const inMemory = opts.dataDir === MEMORY;
  const dir = inMemory ? undefined : path.join(opts.dataDir, 'pglite');
  const unlock = dir ? lockDataDir(opts.dataDir) : () => {};
  try {
    const client = await PGlite.create(dir, {
      ...(inMemory && opts.snapshot ? { loadDataDir: opts.snapshot } : {}),
      extensions: { pg_trgm, fuzzystrmatch },
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])],
    });
    const db = trackTransactionEnds(drizzlePglite(client, { schema }) as unknown as Db);
    return {
      db,
      kind: 'pglite',
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      checkSchema: () => checkSchema(db),
      ping: async () => void (await client.query('select 1')),
      onCartChange: async (listener) => void (await client.listen(CART_CHANGES_CHANNEL, listener)),
      dump: () => client.dumpDataDir('none'),
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
