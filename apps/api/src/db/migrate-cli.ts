/**
 * `npm run db:migrate`: applies the committed migrations (src/db/migrations) to the configured
 * database (DATABASE_URL, else the PGlite in DATA_DIR) and exits. On PostgreSQL it holds an
 * advisory lock while it runs, so two started together apply each migration once. Production
 * runs it before rolling new API instances, which refuse an older schema (docs/deploy.md
 * "Upgrades"); in development the API migrates at start, so it is optional there. Exits 1
 * with the reason when the PGlite data dir is held by another process (the running API) or a
 * migration fails.
 */
import { runCatalogJob } from './seed/cli-runner';

await runCatalogJob('Migrating', async (database, _onProgress, config) => {
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  return `Migrated ${where}: every committed migration is applied ({seconds} s).`;
});
