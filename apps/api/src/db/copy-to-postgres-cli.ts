/**
 * `npm run db:copy-to-postgres -- --to postgres://user:password@host:5432/vastra`: moves a store
 * from the embedded PGlite in DATA_DIR to an empty PostgreSQL database. Migrates both, copies
 * every table's rows in one transaction on the target (copy-to-postgres.ts), sets the
 * sequences, prints each table's rows on both sides and the time taken. DATABASE_URL is not
 * read: the source is always DATA_DIR's embedded database. Exits 1, with the reason, when the
 * data dir is held by a running API, has no embedded database, the target already holds store
 * data, a count differs, or the copy fails; the target is then left as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { DataDirLockedError, MEMORY, openDatabase, type Database } from './client';
import { CountMismatchError, TargetNotEmptyError, copyStore, type TableCount } from './copy-to-postgres';

const USAGE = 'Usage: npm run db:copy-to-postgres -- --to postgres://user:password@host:5432/database';

/** The URL with its password hidden, for printing. */
function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

function printCounts(counts: TableCount[]): void {
  const width = Math.max(...counts.map((c) => c.table.length));
  console.log(`${'table'.padEnd(width)}  ${'PGlite'.padStart(9)}  ${'PostgreSQL'.padStart(10)}`);
  for (const c of counts) {
    const mark = c.source === c.target ? '' : '  differs';
    console.log(`${c.table.padEnd(width)}  ${String(c.source).padStart(9)}  ${String(c.target).padStart(10)}${mark}`);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { to: { type: 'string' } } });
  const to = values.to;
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    console.error(USAGE);
    process.exitCode = 1;
    return;
  }
  const { dataDir } = loadConfig();
  if (!fs.existsSync(path.join(dataDir, 'pglite'))) {
    console.error(`There is no embedded database in ${dataDir} (DATA_DIR) to copy.`);
    process.exitCode = 1;
    return;
  }

  const started = performance.now();
  let source: Database | undefined;
  let target: Database | undefined;
  try {
    source = await openDatabase({ dataDir });
    await source.migrate();
    target = await openDatabase({ databaseUrl: to, dataDir: MEMORY });
    await target.migrate();
    console.log(`Copying the store in ${dataDir} to ${redacted(to)} …`);
    const report = await copyStore(source.db, target.db);
    printCounts(report.tables);
    for (const s of report.sequences) console.log(`sequence ${s.sequence}: next value ${s.next}`);
    const rows = report.tables.reduce((sum, c) => sum + c.target, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Copied ${report.tables.length} tables, ${rows} rows, in ${seconds} s. Start the API with DATABASE_URL set to the target and keep ${dataDir}: uploaded files and generated secrets are not in the database.`,
    );
  } catch (err) {
    if (err instanceof CountMismatchError) printCounts(err.counts);
    const explained =
      err instanceof DataDirLockedError || err instanceof TargetNotEmptyError || err instanceof CountMismatchError;
    // A database's answer (an SQLSTATE, or a system code: unreachable) says enough without a stack.
    const fromDatabase = typeof (err as { code?: unknown }).code === 'string';
    if (explained) console.error((err as Error).message);
    else if (fromDatabase) console.error(`Could not copy to ${redacted(to)}: ${(err as Error).message}`);
    else console.error(err);
    process.exitCode = 1;
  } finally {
    await target?.close();
    await source?.close();
  }
}

await main();
