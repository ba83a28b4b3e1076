/**
 * `npm run seed [-- --full]`: seeds the configured database (DATABASE_URL, else the PGlite in
 * DATA_DIR) with the 400-product store, or with all 44,446 styles given `--full`. Migrates
 * first; shows a progress bar on stderr (plain lines when stderr is not a terminal); prints a
 * summary with the time taken. Exits 1 with the reason when the PGlite data dir is held by
 * another process (the running API) or anything else fails.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../../config';
import { DataDirLockedError, openDatabase, type Database } from '../client';
import { seedCatalog } from './index';

async function main(): Promise<void> {
  let full: boolean;
  try {
    full = parseArgs({ options: { full: { type: 'boolean', default: false } } }).values.full;
  } catch (err) {
    console.error(`${(err as Error).message}\nUsage: npm run seed [-- --full]`);
    process.exitCode = 1;
    return;
  }
  const config = loadConfig();
  const started = performance.now();
  let database: Database | undefined;
  const bar = new cliProgress.SingleBar(
    {
      format: 'Seeding |{bar}| {percentage}% | {value}/{total} products | {duration}s',
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
    const summary = await seedCatalog(database.db, {
      full,
      onProgress: (done, total) => (done === 0 ? bar.start(total, 0) : bar.update(done)),
    });
    bar.stop();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    console.log(
      `Seeded ${summary.products.toLocaleString('en-IN')} products, ${summary.variants.toLocaleString('en-IN')} variants, ` +
        `${summary.categories} categories and ${summary.collections} collections into ${where} in ${seconds} s.`,
    );
    console.log('Price and size source (fallback level: products; see data-sources/README.md):');
    for (const [level, count] of Object.entries(summary.priceLevels))
      console.log(`  ${level.padEnd(16)} ${count.toLocaleString('en-IN')}`);
  } catch (err) {
    bar.stop();
    console.error(err instanceof DataDirLockedError ? err.message : err);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

await main();
