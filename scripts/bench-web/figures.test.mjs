import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { formatTable, goalsFor, scriptBytes } from './figures.mjs';

const run = (score, lcpMs, tbtMs, idleJsKb) => ({ score, lcpMs, tbtMs, idleJsBytes: idleJsKb * 1024 });
const cellsOf = (table, name) =>
  table
    .split('\n')
    .find((line) => line.startsWith(`| ${name} `))
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

test('each figure is the median of the runs, with its goal and whether it is met', () => {
  const table = formatTable([
    {
      name: 'home',
      kind: 'public',
      runs: [run(96, 1500, 90, 150), run(80, 2600, 400, 170), run(97, 1900, 120, 155)],
      firstLoadBytes: 125 * 1024,
    },
  ]);
  const [page, score, lcp, tbt, firstLoad, idleJs, scores] = cellsOf(table, 'home');
  assert.equal(page, 'home');
  assert.equal(score, '96 ✓ ≥ 95');
  assert.equal(lcp, '1.90 ✓ ≤ 2.0');
  assert.equal(tbt, '120 ✓ ≤ 200');
  assert.equal(firstLoad, '125.0 ✗ ≤ 120');
  assert.equal(idleJs, '155.0 ✓ ≤ 160');
  assert.equal(scores, '96 80 97');
});

test("a shopper's page aims at 90, says where its data showed, and has no JS-by-idle goal", () => {
  const table = formatTable([
    { name: 'cart', kind: 'shopper', runs: [run(89, 2100, 250, 200)], firstLoadBytes: 110 * 1024, data: 'after JS' },
  ]);
  const cells = cellsOf(table, 'cart');
  assert.equal(cells[1], '89 ✗ ≥ 90');
  assert.equal(cells[2], '2.10 ✗ ≤ 2.0');
  assert.equal(cells[3], '250 ✗ ≤ 200');
  assert.equal(cells[5], '200.0');
  assert.equal(cells[7], 'after JS');
  assert.equal(goalsFor({ name: 'product', kind: 'public' }).idleJsKb, 160);
});

test('every page is compared with the ceiling row, which has no goals', () => {
  const table = formatTable([
    { name: 'ceiling', kind: 'ceiling', runs: [run(100, 1000, 0, 130)], firstLoadBytes: 130 * 1024 },
    { name: 'product', kind: 'public', runs: [run(70, 2500, 900, 260)], firstLoadBytes: 140 * 1024 },
  ]);
  assert.deepEqual(cellsOf(table, 'ceiling').slice(1, 6), ['100', '1.00', '0', '130.0', '130.0']);
  assert.equal(cellsOf(table, 'ceiling')[8], '');
  // TBT of a ceiling at 0 ms cannot divide: the difference is given instead.
  assert.equal(cellsOf(table, 'product')[8], '2.5× · +900 ms · 2.0×');
});

test("scripts of the app's build count as their gzipped file, others as transferred", () => {
  const nextDir = mkdtempSync(path.join(os.tmpdir(), 'bench-figures-'));
  mkdirSync(path.join(nextDir, 'static', 'chunks'), { recursive: true });
  const chunk = 'console.log("a chunk of the framework");\n'.repeat(200);
  writeFileSync(path.join(nextDir, 'static', 'chunks', 'a.js'), chunk);
  const bytes = scriptBytes(
    [
      { url: 'http://localhost:3360/_next/static/chunks/a.js', resourceType: 'Script', transferSize: 99_999 },
      { url: 'https://accounts.example/client.js', resourceType: 'Script', transferSize: 700 },
      { url: 'http://localhost:3360/_next/static/media/font.woff2', resourceType: 'Font', transferSize: 30_000 },
      { url: 'http://localhost:3360/', resourceType: 'Document', transferSize: 20_000 },
    ],
    'http://localhost:3360',
    nextDir,
  );
  assert.equal(bytes, gzipSync(chunk, { level: 9 }).length + 700);
});
