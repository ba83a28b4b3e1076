/**
 * `npm run import -- products.csv`: loads a store owner's catalogue (columns in
 * docs/importing-products.md) into the configured database. The path is read relative to
 * where npm was started (INIT_CWD), since npm runs workspace scripts inside apps/api. Exits 1
 * listing every bad row (nothing imported), or when the PGlite data dir is in use.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CsvImportError, importProductsCsv } from '../../modules/catalog';
import { runCatalogJob } from './cli-runner';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('Usage: npm run import -- <products.csv>   (columns: docs/importing-products.md)');
    process.exitCode = 1;
    return;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  await runCatalogJob(
    'Importing',
    async (database, onProgress) => {
      const summary = await importProductsCsv(database.db, file, { onProgress });
      return `Imported ${summary.products.toLocaleString('en-IN')} products with ${summary.variants.toLocaleString('en-IN')} variants from ${file} in {seconds} s.`;
    },
    [CsvImportError],
  );
}

await main();
