// Builds the storefront, the merchant admin and the API (compiled to apps/api/dist) when their
// sources (or the shared contracts) changed since their last build; a no-op otherwise. Used by
// `npm start` and by the browser tests. Each build leaves a hash of the sources it was made from beside its output.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** Hash of every source file in or under `paths`, skipping `skip` (generated files change without the sources). */
function sourceHash(paths, skip) {
  const hash = createHash('sha256');
  const visit = (full) => {
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) {
        if (!skip.includes(entry) && !entry.endsWith('.tsbuildinfo')) visit(path.join(full, entry));
      }
    } else hash.update(path.relative(root, full)).update(readFileSync(full));
  };
  for (const p of paths) visit(p);
  return hash.digest('hex');
}

/**
 * Runs `npm run build -w <workspace>` unless the stamp in `outDir` matches the sources (`sources`
 * inside the workspace, all of it by default); exits on failure.
 */
function buildIfNeeded({ name, workspace, outDir, skip, sources = ['.'] }) {
  const stamp = path.join(root, workspace, outDir, 'vastra-source-hash');
  const paths = [...sources.map((s) => path.join(root, workspace, s)), path.join(root, 'packages/contracts/src')];
  const current = sourceHash(paths, skip);
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
  // Not the whole workspace: its data/ (the PGlite database) changes while the API runs.
  buildIfNeeded({
    name: 'API',
    workspace: 'apps/api',
    outDir: 'dist',
    skip: [],
    sources: ['src', 'scripts/build.mjs', 'package.json'],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildAppsIfNeeded();
