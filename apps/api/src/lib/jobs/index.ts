/**
 * Background jobs (lib/jobs/types.ts): pg-boss on PostgreSQL, an in-process queue on the
 * embedded database.
 */
import type { Db } from '../../db/client';
import { InProcessJobs } from './in-process';
import { PgBossJobs, type SqlPool } from './pg-boss';
import type { Jobs, JobsSettings } from './types';

export { InProcessJobs } from './in-process';
export { PgBossJobs } from './pg-boss';
export type { JobHandler, JobRecord, Jobs, JobsSettings, JobState, RetryOptions, SendOptions } from './types';

/**
 * The jobs backend of the database: pg-boss on PostgreSQL (sharing the drizzle pool, so tests'
 * private databases each get their own `pgboss` schema), in process on PGlite.
 */
export function createJobs(
  database: { db: Db; kind: 'pglite' | 'postgres' },
  settings: JobsSettings,
  log: { error(obj: object, msg: string): void },
): Jobs {
  if (database.kind === 'pglite') return new InProcessJobs(settings, log);
  // drizzle's node-postgres database keeps its pg Pool as `$client`.
  const pool = (database.db as unknown as { $client: SqlPool }).$client;
  return new PgBossJobs(pool, settings, log);
}
