// Runs the API's tests with node's test runner, three files at a time (many wait on timers,
// servers and the database, so two would leave the two cores idle), after making the
// databases they start from once (src/test/databases.ts: the PGlite snapshots, or with
// DATABASE_URL the PostgreSQL template).
//
// - `node scripts/test.mjs`: every *.test.ts under src, except the slow full-catalogue seed
//   test unless TEST_CATALOG=full.
// - `node scripts/test.mjs --postgres`: only the files whose behaviour a server database or the
//   full catalogue changes, which carry the tag `@postgres: <why>` in a comment (npm run
//   test:postgres): racing transactions, pg-boss, the full catalogue. A file with tests that
//   skip without DATABASE_URL or start a second instance (sameDatabaseAs) must carry it, else
//   they would run nowhere; the runner refuses to start while one lacks it.
// - `node scripts/test.mjs src/a.test.ts …`: only those files (after making the databases).
// Other arguments go to node's test runner.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const postgresOnly = args.includes('--postgres');
const named = args.filter((arg) => arg.endsWith('.test.ts'));
const runnerArgs = args.filter((arg) => arg !== '--postgres' && !named.includes(arg));

const TAG = /^\s*(\/\/|\*)\s*@postgres\b/m;
const NEEDS_SERVER = /sameDatabaseAs|skip:[^\n]*DATABASE_URL/;

const files = readdirSync('src', { recursive: true })
  .map(String)
  .filter((f) => f.endsWith('.test.ts'))
  .filter((f) => process.env.TEST_CATALOG === 'full' || !f.endsWith('seed-full.test.ts'))
  .map((f) => path.join('src', f))
  .sort();

const untagged = files.filter((f) => {
  const text = readFileSync(f, 'utf8');
  return NEEDS_SERVER.test(text) && !TAG.test(text);
});
if (untagged.length > 0) {
  console.error(
    `These files skip tests without DATABASE_URL or use sameDatabaseAs but lack the @postgres tag, so they would run nowhere:\n  ${untagged.join('\n  ')}`,
  );
  process.exit(1);
}
const selected =
  named.length > 0 ? named : postgresOnly ? files.filter((f) => TAG.test(readFileSync(f, 'utf8'))) : files;

const node = (nodeArgs) => spawnSync(process.execPath, nodeArgs, { stdio: 'inherit' }).status ?? 1;
const prepared = node([
  '--import',
  'tsx',
  '--input-type=module',
  '--eval',
  process.env.DATABASE_URL
    ? "const { postgresDatabase, testCatalog } = await import('./src/test/databases.ts'); const { drop } = await postgresDatabase(process.env.DATABASE_URL, testCatalog(), true); await drop();"
    : "const { prepareSnapshots } = await import('./src/test/databases.ts'); await prepareSnapshots();",
]);
if (prepared !== 0) process.exit(prepared);
// The PostgreSQL pass runs its files one at a time: they race transactions and pg-boss workers
// on purpose, and job-end.test's cut connection missed its moment with two other files beside it.
const concurrency = postgresOnly ? 1 : 3;
process.exit(node(['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, ...runnerArgs, ...selected]));
