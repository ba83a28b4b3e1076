/**
 * Runs the background jobs without serving HTTP (`npm run worker`): for deployments where the
 * API instances run with JOBS_WORK=false and only queue jobs (lib/jobs). Needs DATABASE_URL
 * (the jobs live in PostgreSQL); never migrates: it exits 1 on a schema older than its code,
 * like a production API (docs/deploy.md "Upgrades"). Closes gracefully on a signal, letting
 * running jobs end.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { schemaAtStart } from './db/schema-at-start';

let config: Config;
try {
  config = loadConfig({ ...process.env, JOBS_WORK: 'true' });
  if (!config.databaseUrl)
    throw new Error('The worker needs DATABASE_URL: on the embedded database the API runs its own jobs');
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await schemaAtStart(database, { migrate: false });
const app = await buildApp({ config, database });

closeWithGrace({ delay: 30_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
  await database.close();
});

await app.ready();
app.log.info(`Vastra worker running background jobs (${database.kind})`);
