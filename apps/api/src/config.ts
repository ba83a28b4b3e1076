/**
 * Every environment variable of the API, parsed and checked once at start-up (zod). A bad
 * value stops the process with one message that lists every problem. Documented in
 * `.env.example` at the repository root.
 */
import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(9000),
  /** Where the embedded database, generated secrets and uploads live. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server; when unset the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Origins allowed to call the API with credentials (comma-separated). */
  STOREFRONT_URL: z.string().default('http://localhost:3000'),
  /** The API's own public address, used in absolute links such as image URLs. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long shared catalogue answers (facets, categories, homepage) are cached; 0 = off. */
  CATALOG_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  /** Seed the 400-product store on the first start of an empty database. */
  AUTO_SEED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  storefrontOrigins: string[];
  publicUrl: string;
  logLevel: string;
  autoSeed: boolean;
  catalogCacheTtlMs: number;
};

/** Parses `env` into a Config; throws an Error naming every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    storefrontOrigins: e.STOREFRONT_URL.split(',').map((s) => s.trim().replace(/\/$/, '')),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    autoSeed: e.AUTO_SEED,
    catalogCacheTtlMs: e.CATALOG_CACHE_TTL_MS,
  };
}
