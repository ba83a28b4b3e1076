import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { checkBudget, firstLoadJs, formatTable, overBudget } from './bundle-size.mjs';

/** A fake app directory with a `.next` whose stats list the given chunks (name → contents) per route. */
function fakeBuild(routes, chunks) {
  const appDir = mkdtempSync(path.join(tmpdir(), 'bundle-size-'));
  mkdirSync(path.join(appDir, '.next', 'static', 'chunks'), { recursive: true });
  mkdirSync(path.join(appDir, '.next', 'diagnostics'));
  for (const [name, contents] of Object.entries(chunks)) {
    writeFileSync(path.join(appDir, '.next', 'static', 'chunks', name), contents);
  }
  const stats = Object.entries(routes).map(([route, names]) => ({
    route,
    firstLoadUncompressedJsBytes: 0,
    firstLoadChunkPaths: names.map((name) => `.next/static/chunks/${name}`),
  }));
  writeFileSync(path.join(appDir, '.next', 'diagnostics', 'route-bundle-stats.json'), JSON.stringify(stats));
  return path.join(appDir, '.next');
}

// Random bytes do not compress: their gzip size is about their own size.
const incompressible = (bytes) => randomBytes(bytes);

test('first-load JS is the gzip size of the chunks listed for each route, largest first', () => {
  const shared = incompressible(2000);
  const own = 'console.log("hello");'.repeat(50);
  const nextDir = fakeBuild(
    { '/': ['shared.js'], '/shop': ['shared.js', 'shop.js'] },
    { 'shared.js': shared, 'shop.js': own },
  );
  const gz = (contents) => gzipSync(contents, { level: 9 }).length;

  const rows = firstLoadJs(nextDir);

  assert.deepEqual(
    rows.map(({ route, gzipBytes }) => ({ route, gzipBytes })),
    [
      { route: '/shop', gzipBytes: gz(shared) + gz(own) },
      { route: '/', gzipBytes: gz(shared) },
    ],
  );
});

test('the budget check fails on a route over budget and names it', () => {
  const nextDir = fakeBuild(
    { '/': ['small.js'], '/checkout': ['small.js', 'big.js'] },
    { 'small.js': incompressible(1000), 'big.js': incompressible(3000) },
  );

  const result = checkBudget(nextDir, 2048);

  assert.equal(result.ok, false);
  assert.deepEqual(
    result.over.map((row) => row.route),
    ['/checkout'],
  );
  assert.match(result.table, /\/checkout\s+\d+\.\d\s+OVER/);
  assert.doesNotMatch(result.table, /^\/\s+.*OVER/m);
});

test('the budget check passes when every route is within budget', () => {
  const nextDir = fakeBuild({ '/': ['a.js'], '/shop': ['a.js'] }, { 'a.js': incompressible(1000) });

  const result = checkBudget(nextDir, 2048);

  assert.equal(result.ok, true);
  assert.deepEqual(overBudget(firstLoadJs(nextDir), 2048), []);
  assert.match(formatTable(firstLoadJs(nextDir), 2048), /budget 2\.0/);
});
