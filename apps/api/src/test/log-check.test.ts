/**
 * The harness's check of server faults (log-check.ts), on a bare Fastify app in a child test run
 * (log-check.fixture.ts): a second send behind a client's 200, a 500 with its error line and an
 * error logged outside any request each fail the test they happened in; a fault the test declared
 * and a clean answer do not.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'log-check.fixture.ts');

test('a test fails on an undeclared server fault, whatever its client received', () => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=tap', fixture], {
    encoding: 'utf8',
    // A run of its own, not a subtest of this one.
    env: Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_TEST_CONTEXT')),
    timeout: 120_000,
  });
  const outcomes = Object.fromEntries([...run.stdout.matchAll(/^(ok|not ok) \d+ - (.+)$/gm)].map((m) => [m[2], m[1]]));
  assert.deepEqual(
    outcomes,
    {
      'a second send behind a 200': 'not ok',
      'a second send the test declares': 'ok',
      'a 500 and its error line': 'not ok',
      'an error logged outside any request': 'not ok',
      'a clean answer': 'ok',
    },
    run.stdout + run.stderr,
  );
  assert.match(run.stdout, /error: Cannot write headers after they are sent to the client\n/);
  assert.match(run.stdout, /error: boom\n\s+500 GET \/fails\n/);
  assert.match(run.stdout, /error: job failed: the queue is gone\n/);
});
