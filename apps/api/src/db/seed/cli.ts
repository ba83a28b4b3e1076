/**
 * `npm run seed [-- --full]`: seeds the configured database (DATABASE_URL, else the PGlite in
 * DATA_DIR) with the 400-product store, or with all 44,446 styles given `--full`. Migrates
 * first; shows a progress bar on stderr (plain lines when stderr is not a terminal); prints a
 * summary with the time taken. Exits 1 with the reason when the PGlite data dir is held by
 * another process (the running API) or anything else fails.
 */
import { parseArgs } from 'node:util';
import { runCatalogJob } from './cli-runner';
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
  await runCatalogJob('Seeding', async (database, onProgress, config) => {
    const summary = await seedCatalog(database.db, { full, onProgress, demoOffers: config.seedDemoOffers });
    const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
    const levels = Object.entries(summary.priceLevels).map(
      ([level, count]) => `  ${level.padEnd(16)} ${count.toLocaleString('en-IN')}`,
    );
    return [
      `Seeded ${summary.products.toLocaleString('en-IN')} products, ${summary.variants.toLocaleString('en-IN')} variants, ` +
        `${summary.categories} categories and ${summary.collections} collections into ${where} in {seconds} s.`,
      'Price and size source (fallback level: products; see data-sources/README.md):',
      ...levels,
    ].join('\n');
  });
}

await main();
