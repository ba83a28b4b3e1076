/**
 * `npm run db:migrate` as an operator runs it: a new PGlite data dir gets every table of the
 * committed migrations, a second run changes nothing, and a data dir held by a running API is
 * refused with exit code 1.
 * Run: `cd apps/api && node --import tsx --test src/db/migrate-cli.test.ts`
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase } from './client';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vastra-migrate-'));
after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the command with a clean environment: the embedded database in `dataDir`. */
function migrate() {
  const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/db/migrate-cli.ts'], { env, encoding: 'utf8' });
}

test('db:migrate creates every table in a new PGlite data dir, and a second run is a no-op', async () => {
  const first = migrate();
  assert.equal(first.status, 0, first.stderr);
  assert.match(first.stdout, /Migrated PGlite in/);
  const again = migrate();
  assert.equal(again.status, 0, again.stderr);

  const database = await openDatabase({ dataDir });
  try {
    const result = (await database.db.execute(
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_name IN ('products', 'variants', 'orders', 'payments', 'return_requests', 'uploads')`,
    )) as unknown as { rows: { n: number }[] };
    assert.equal(result.rows[0]?.n, 6);
  } finally {
    await database.close();
  }
});

test('db:migrate refuses a data dir the running API holds', async () => {
  const database = await openDatabase({ dataDir });
  try {
    const run = migrate();
    assert.equal(run.status, 1);
    assert.match(run.stderr, /DATA_DIR|in use|held|running/i);
  } finally {
    await database.close();
  }
});
