/**
 * What every module is built on, made before any of them (docs/architecture.md "Modules as
 * plugins"): the configuration, the database, the logger, Redis when configured, the metrics,
 * the job queue, the domain event bus, the signing secret and the file store. The app
 * (`app.ts`) and the worker (`worker.ts`) both start from here; neither builds these twice.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import { DomainEventBus } from './lib/events';
import { createJobs, type Jobs } from './lib/jobs';
import { loadSigningSecret } from './modules/auth';
import { LocalFileStore, S3FileStore, type FileStore } from './modules/files';
import { Metrics } from './modules/metrics';

export type Platform = {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  /** Shared counters and the change channel between instances; absent without REDIS_URL. */
  redis: Redis | undefined;
  metrics: Metrics;
  jobs: Jobs;
  events: DomainEventBus;
  /** Signs sessions, one-time codes, unsubscribe links and staff device cookies. */
  secret: Uint8Array;
  files: FileStore;
  /** Closes what this made (Redis, the object store's client); the jobs are stopped by their owner. */
  close(): Promise<void>;
};

/** Makes the platform of one process; `log` is the app's logger (or the worker's). */
export function createPlatform(config: Config, database: Database, log: FastifyBaseLogger): Platform {
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 })
    : undefined;
  const jobs = createJobs(database, config.jobs, log);
  const metrics = new Metrics();
  metrics.queueDepth('jobs', () => jobs.depth());
  if (database.poolUsage) metrics.databasePool(database.poolUsage);
  const files = config.s3 ? new S3FileStore(config.s3) : new LocalFileStore(path.join(config.dataDir, 'files'));
  return {
    config,
    database,
    db: database.db,
    log,
    redis,
    metrics,
    jobs,
    events: new DomainEventBus(),
    secret: loadSigningSecret({ jwtSecret: config.jwtSecret, dataDir: config.dataDir }),
    files,
    async close() {
      if (files instanceof S3FileStore) files.close();
      if (redis) await redis.quit();
    },
  };
}
