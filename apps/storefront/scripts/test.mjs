// Runs the storefront's unit tests (`src/**/*.test.ts`, and the scripts' own `scripts/*.test.mjs`)
// with node's test runner through tsx, which also resolves the `@/` path alias of tsconfig.json.
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
if (files.length === 0) {
  console.log('No storefront unit tests.');
  process.exit(0);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', ...process.argv.slice(2), ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
