/**
 * `npm run db:migrate`: applies the committed migrations (src/db/migrations) to the configured
 * database (DATABASE_URL, else the PGlite in DATA_DIR) and exits. Run it before starting new
 * API instances in production; the API also migrates at start, so in development it is
 * optional. Exits 1 with the reason when the PGlite data dir is held by another process (the
 * running API) or a migration fails.
 */
import { runCatalogJob } from './seed/cli-runner';

await runCatalogJob('Migrating', async (database, _onProgress, config) => {
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  return `Migrated ${where}: every committed migration is applied ({seconds} s).`;
});
