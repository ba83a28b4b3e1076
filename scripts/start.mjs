// `npm start`: builds the storefront, the admin and the API (compiled JavaScript in
// apps/api/dist) when their sources changed, then runs the API (:9000) and the storefront
// (:3000) together; Ctrl-C stops both. The API migrates and, on an empty database, seeds the
// 400-product store by itself.
//
// The two share a publishable key for /store (PUBLISHABLE_API_KEY, else one generated once
// into the API's DATA_DIR as `publishable-key`) and the secret that signs the API's call to
// expire the storefront's cached pages after an admin change (REVALIDATE_SECRET, else
// `revalidate-secret` there).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAppsIfNeeded } from './build-apps.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// `cp .env.example .env` configures both apps; variables already set in the shell win.
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const apiDataDir = path.resolve(root, 'apps/api', process.env.DATA_DIR || 'data');

/** The value kept in `file`, or a new one from `create()` written there (readable by the owner only). */
function keptValue(file, create) {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const value = create();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
  return value;
}

const publishableKey =
  process.env.PUBLISHABLE_API_KEY ||
  keptValue(path.join(apiDataDir, 'publishable-key'), () => `pk_${randomBytes(32).toString('hex')}`);
const revalidateSecret =
  process.env.REVALIDATE_SECRET ||
  keptValue(path.join(apiDataDir, 'revalidate-secret'), () => randomBytes(32).toString('hex'));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', REVALIDATE_SECRET: revalidateSecret };

buildAppsIfNeeded();

const children = [
  spawn('npm', ['start', '-w', 'apps/api'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PUBLISHABLE_API_KEY: publishableKey },
  }),
  // PORT is the API's; the storefront has its own so one exported PORT cannot clash.
  spawn('npm', ['start', '-w', 'apps/storefront'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...env,
      PORT: process.env.STOREFRONT_PORT ?? '3000',
      COMMERCE_PUBLISHABLE_KEY: process.env.COMMERCE_PUBLISHABLE_KEY || publishableKey,
    },
  }),
];
let stopping = false;
const stop = (code) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 11_000).unref();
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
// Outside production without METRICS_TOKEN, /metrics answers anyone who reaches the port.
const openMetrics = !process.env.METRICS_TOKEN && process.env.NODE_ENV !== 'production';
console.log(
  'Vastra: storefront http://localhost:3000 · API http://localhost:9000 (docs at /docs) · admin http://localhost:9000/admin' +
    (openMetrics ? ' · metrics http://localhost:9000/metrics, open to anyone (METRICS_TOKEN closes it)' : ''),
);
