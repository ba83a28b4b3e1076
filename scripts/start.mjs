// `npm start`: builds the storefront when its sources changed since the last build, then runs
// the API (:9000) and the storefront (:3000) together; Ctrl-C stops both. The API migrates
// and, on an empty database, seeds the 400-product store by itself.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStorefrontIfNeeded } from './build-storefront.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

buildStorefrontIfNeeded();

const children = [
  spawn('npm', ['start', '-w', 'apps/api'], { cwd: root, stdio: 'inherit', env }),
  // PORT is the API's; the storefront has its own so one exported PORT cannot clash.
  spawn('npm', ['start', '-w', 'apps/storefront'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, PORT: process.env.STOREFRONT_PORT ?? '3000' },
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
console.log('Vastra: storefront http://localhost:3000 · API http://localhost:9000 (docs at /docs)');
