/**
 * Starts the API: reads config (exits 1 naming every bad or unsafe setting), opens the
 * database, migrates it outside production (in production migrations are their own step,
 * `npm run db:migrate`, and the API exits 1 on a schema older than its code: docs/deploy.md
 * "Upgrades"), seeds the 400-product store on the first start of an empty database outside
 * production, makes the development admin owner (outside production, docs/admin.md), listens,
 * logs its addresses (saying when /metrics is open to anyone) and closes cleanly on a signal.
 */
import { ADMIN_BASE_PATH } from '@vastra/contracts';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { schemaAtStart } from './db/schema-at-start';
import { seedOnFirstStart } from './db/seed';
import { metricsAccess } from './modules/metrics';
import { ensureDevelopmentOwner } from './modules/staff';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // One readable message naming every bad setting, not a stack trace.
  console.error((err as Error).message);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await schemaAtStart(database, { migrate: config.env !== 'production' });
const app = await buildApp({ config, database });

const summary = await seedOnFirstStart(database.db, { autoSeed: config.autoSeed, demoOffers: config.seedDemoOffers });
if (summary) app.log.info(summary, 'Empty catalogue: seeded the store (first start)');

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
  await database.close();
});

// A newcomer can sign in to the admin at once: a development owner with a generated password.
const owner =
  config.env === 'development' ? await ensureDevelopmentOwner(database.db, app.staff, config.dataDir) : null;

await app.listen({ host: config.host, port: config.port });
const docs = config.apiDocs ? `; docs at ${config.publicUrl}/docs` : '';
// Open /metrics (development without METRICS_TOKEN) is said where its address is.
const metrics = {
  open: `; metrics at ${config.publicUrl}/metrics, open to anyone (METRICS_TOKEN closes it)`,
  token: `; metrics at ${config.publicUrl}/metrics, for the METRICS_TOKEN bearer`,
  none: '',
}[metricsAccess(config)];
app.log.info(`Vastra API on ${config.publicUrl} (${database.kind})${docs}${metrics}`);
app.log.info(`Admin at ${config.publicUrl}${ADMIN_BASE_PATH}`);
if (owner) {
  // Shown on the terminal, not in the structured log: it is a password, if only a development one.
  process.stdout.write(
    `\nAdmin (development): ${config.publicUrl}${ADMIN_BASE_PATH}\n  email:    ${owner.email}\n  password: ${owner.password}\n  (kept in ${owner.file}; create real owners with npm run admin -- create-owner)\n\n`,
  );
}
