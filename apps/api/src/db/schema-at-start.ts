/**
 * What a process that serves the store does with the schema at start (docs/deploy.md
 * "Upgrades"): migrate it (outside production, the API), or only check it (production, the
 * worker). On a schema older than the code it prints why, naming `npm run db:migrate`, closes
 * the database and exits 1; other errors are thrown.
 */
import { SchemaBehindError, type Database } from './client';

export async function schemaAtStart(database: Database, { migrate }: { migrate: boolean }): Promise<void> {
  try {
    if (migrate) await database.migrate();
    else await database.checkSchema();
  } catch (err) {
    if (!(err instanceof SchemaBehindError)) throw err;
    console.error(err.message);
    await database.close();
    process.exit(1);
  }
}
