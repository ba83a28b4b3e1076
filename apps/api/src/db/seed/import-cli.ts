/**
 * `npm run import -- products.csv`: loads a store owner's catalogue (columns in
 * docs/importing-products.md) into the configured database. The path is read relative to
 * where npm was started (INIT_CWD), since npm runs workspace scripts inside apps/api. Exits 1
 * listing every bad row (nothing imported), or when the PGlite data dir is in use.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../config';
import { DataDirLockedError, openDatabase, type Database } from '../client';
import { CsvImportError, importProductsCsv } from './import';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('Usage: npm run import -- <products.csv>   (columns: docs/importing-products.md)');
    process.exitCode = 1;
    return;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const config = loadConfig();
  const started = performance.now();
  let database: Database | undefined;
  const bar = new cliProgress.SingleBar(
    {
      format: 'Importing |{bar}| {percentage}% | {value}/{total} products',
      stream: process.stderr,
      noTTYOutput: true,
      notTTYSchedule: 2000,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    const summary = await importProductsCsv(database.db, file, {
      onProgress: (done, total) => (done === 0 ? bar.start(total, 0) : bar.update(done)),
    });
    bar.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Imported ${summary.products.toLocaleString('en-IN')} products with ${summary.variants.toLocaleString('en-IN')} variants from ${file} in ${seconds} s.`,
    );
  } catch (err) {
    bar.stop();
    console.error(err instanceof CsvImportError || err instanceof DataDirLockedError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

await main();
