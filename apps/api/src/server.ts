/**
 * Starts the API: reads config (exits 1 naming every bad or unsafe setting), opens the
 * database (migrating it), seeds the 400-product store on the first start of an empty
 * database, listens, and closes cleanly on a signal.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { seedOnFirstStart } from './db/seed';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  // One readable message naming every bad setting, not a stack trace.
  console.error((err as Error).message);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const app = await buildApp({ config, database });

const summary = await seedOnFirstStart(database.db, { autoSeed: config.autoSeed, demoOffers: config.seedDemoOffers });
if (summary) app.log.info(summary, 'Empty catalogue: seeded the store (first start)');

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
  await database.close();
});

await app.listen({ host: config.host, port: config.port });
app.log.info(
  `Vastra API on ${config.publicUrl} (${database.kind})${config.apiDocs ? `; docs at ${config.publicUrl}/docs` : ''}`,
);
