// Builds the storefront when its sources (or the shared contracts) changed since the last
// build; a no-op otherwise. Used by `npm start` and by the browser tests.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const storefront = path.join(root, 'apps/storefront');
const stamp = path.join(storefront, '.next/vastra-source-hash');

function sourceHash() {
  const hash = createHash('sha256');
  const visit = (dir) => {
    for (const entry of readdirSync(dir).sort()) {
      // Generated files change without the sources changing.
      if (['node_modules', '.next', 'next-env.d.ts'].includes(entry) || entry.endsWith('.tsbuildinfo')) continue;
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) visit(full);
      else hash.update(path.relative(root, full)).update(readFileSync(full));
    }
  };
  visit(storefront);
  visit(path.join(root, 'packages/contracts/src'));
  return hash.digest('hex');
}

export function buildStorefrontIfNeeded() {
  const current = sourceHash();
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === current) return;
  console.log('Building the storefront…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/storefront'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, current);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildStorefrontIfNeeded();
