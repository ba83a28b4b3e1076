// Before the browser tests: build the storefront, the admin and the API if needed and give the run a fresh
// database (a new PGlite data dir, or a new database on the PostgreSQL server in
// DATABASE_URL) and an empty storefront data cache. The API seeds the 400-product store
// when it starts on it.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildAppsIfNeeded } from '../../scripts/build-apps.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
buildAppsIfNeeded();
rmSync(path.join(here, '../.data'), { recursive: true, force: true });
// The storefront's data cache holds API answers of the last run, whose product ids the fresh
// database no longer has.
rmSync(path.join(here, '../../apps/storefront/.next/cache/fetch-cache'), { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  await client.query('DROP DATABASE IF EXISTS vastra_e2e WITH (FORCE)');
  await client.query('CREATE DATABASE vastra_e2e');
  await client.end();
}
