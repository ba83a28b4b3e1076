/**
 * Runs the background jobs without serving HTTP (`npm run worker`): for deployments where the
 * API instances run with JOBS_WORK=false and only queue jobs (lib/jobs). It builds the platform
 * and the modules (compose.ts), registers every module's jobs and starts them: no HTTP app, no
 * routes. Needs DATABASE_URL (the jobs live in PostgreSQL); never migrates: it exits 1 on a
 * schema older than its code, like a production API (docs/deploy.md "Upgrades"). Closes
 * gracefully on a signal, letting running jobs end.
 */
import closeWithGrace from 'close-with-grace';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { composeModules, moduleLifecycle } from './compose';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { schemaAtStart } from './db/schema-at-start';
import { loggerOptions } from './lib/logging';
import { createPlatform } from './platform';

let config: Config;
try {
  config = loadConfig({ ...process.env, JOBS_WORK: 'true' });
  if (!config.databaseUrl)
    throw new Error('The worker needs DATABASE_URL: on the embedded database the API runs its own jobs');
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const log: FastifyBaseLogger = pino(loggerOptions(config.logLevel) || { enabled: false });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await schemaAtStart(database, { migrate: false });
const platform = createPlatform(config, database, log);
const lifecycle = moduleLifecycle(platform, composeModules(platform));

closeWithGrace({ delay: 30_000 }, async ({ err }) => {
  if (err) log.error({ err }, 'closing after an error');
  await lifecycle.stop();
  await database.close();
});

await lifecycle.start();
log.info(`Vastra worker running background jobs (${database.kind})`);
