// Builds the storefront and the merchant admin when their sources (or the shared contracts)
// changed since their last build; a no-op otherwise. Used by `npm start` and by the browser
// tests. Each build leaves a hash of the sources it was made from beside its output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Hash of every source file under `dirs`, skipping `skip` (generated files change without the sources). */
function sourceHash(dirs, skip) {
  const hash = createHash('sha256');
  const visit = (dir) => {
    for (const entry of readdirSync(dir).sort()) {
      if (skip.includes(entry) || entry.endsWith('.tsbuildinfo')) continue;
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) visit(full);
      else hash.update(path.relative(root, full)).update(readFileSync(full));
    }
  };
  for (const dir of dirs) visit(dir);
  return hash.digest('hex');
}

/** Runs `npm run build -w <workspace>` unless the stamp in `outDir` matches the sources; exits on failure. */
function buildIfNeeded({ name, workspace, outDir, skip }) {
  const stamp = path.join(root, workspace, outDir, 'vastra-source-hash');
  const current = sourceHash([path.join(root, workspace), path.join(root, 'packages/contracts/src')], skip);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === current) return;
  console.log(`Building the ${name}…`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, current);
}

export function buildAppsIfNeeded() {
  buildIfNeeded({
    name: 'storefront',
    workspace: 'apps/storefront',
    outDir: '.next',
    skip: ['node_modules', '.next', 'next-env.d.ts'],
  });
  buildIfNeeded({ name: 'admin', workspace: 'apps/admin', outDir: 'dist', skip: ['node_modules', 'dist'] });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildAppsIfNeeded();
