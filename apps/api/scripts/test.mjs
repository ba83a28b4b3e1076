// Runs the API's tests with node's test runner: every *.test.ts under src, except the slow
// full-catalogue seed test unless TEST_CATALOG=full.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const files = readdirSync('src', { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => process.env.TEST_CATALOG === 'full' || !f.endsWith('seed-full.test.ts'))
  .map((f) => path.join('src', f))
  .sort();
const args = ['--import', 'tsx', '--test', '--test-concurrency=2', ...process.argv.slice(2), ...files];
const result = spawnSync(process.execPath, args, { stdio: 'inherit' });
process.exit(result.status ?? 1);
