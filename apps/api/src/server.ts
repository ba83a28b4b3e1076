/**
 * Starts the API: reads config, opens the database (migrating it), seeds the 400-product
 * store on the first start of an empty database, listens, and closes cleanly on a signal.
 */
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { isCatalogEmpty, seedCatalog } from './db/seed';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const app = await buildApp({ config, database });

if (config.autoSeed && (await isCatalogEmpty(database.db))) {
  app.log.info('Empty catalogue: seeding the store (first start)…');
  const summary = await seedCatalog(database.db);
  app.log.info(summary, 'Store seeded');
}

closeWithGrace({ delay: 10_000 }, async ({ err }) => {
  if (err) app.log.error({ err }, 'closing after an error');
  await app.close();
  await database.close();
});

await app.listen({ host: config.host, port: config.port });
app.log.info(`Vastra API on ${config.publicUrl} (${database.kind}); docs at ${config.publicUrl}/docs`);
