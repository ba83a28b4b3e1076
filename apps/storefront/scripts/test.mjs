// Runs the storefront's unit tests (`src/**/*.test.ts`, and the scripts' own `scripts/*.test.mjs`)
// two files at a time with node's test runner through tsx, which also resolves the `@/` path alias of tsconfig.json;
// then the first-load JavaScript budget (check-bundle-size.mjs, building the apps when their
// sources changed), which fails the run when a route is over it.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const files = readdirSync('src', { recursive: true })
  .map(String)
  .filter((f) => /\.test\.tsx?$/.test(f))
  .map((f) => path.join('src', f))
  .concat(
    readdirSync('scripts')
      .filter((f) => f.endsWith('.test.mjs'))
      .map((f) => path.join('scripts', f)),
  )
  .sort();
const run = (args) => spawnSync(process.execPath, args, { stdio: 'inherit' }).status ?? 1;
if (files.length === 0) console.log('No storefront unit tests.');
else {
  // Two files at a time: node's default on two cores is one.
  const status = run(['--import', 'tsx', '--test', '--test-concurrency=2', ...process.argv.slice(2), ...files]);
  if (status !== 0) process.exit(status);
}
process.exit(run(['scripts/check-bundle-size.mjs']));
