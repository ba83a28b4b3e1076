// Measures each route's first-load JavaScript from a Next.js (Turbopack) build: the gzip size
// of the chunks `.next/diagnostics/route-bundle-stats.json` lists for the route. Deterministic
// (zlib level 9 of the built files), so a budget on it can run in tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The budget for any route's first-load JavaScript, in bytes of gzip (160 kB since the store
 * speaks two languages: docs/performance.md "First-load JavaScript and the two languages").
 */
export const FIRST_LOAD_JS_BUDGET = 160 * 1024;

/**
 * First-load JavaScript per route of the build in `nextDir` (the storefront's `.next`):
 * [{ route, gzipBytes, chunks }], largest first. Chunk paths in the stats file are relative
 * to the app directory, the parent of `nextDir`.
 */
export function firstLoadJs(nextDir) {
  const appDir = path.dirname(path.resolve(nextDir));
  const stats = JSON.parse(readFileSync(path.join(nextDir, 'diagnostics', 'route-bundle-stats.json'), 'utf8'));
  const gzipOf = new Map();
  const sizeOf = (chunk) => {
    if (!gzipOf.has(chunk)) gzipOf.set(chunk, gzipSync(readFileSync(path.join(appDir, chunk)), { level: 9 }).length);
    return gzipOf.get(chunk);
  };
  return stats
    .map(({ route, firstLoadChunkPaths }) => ({
      route,
      gzipBytes: firstLoadChunkPaths.reduce((sum, chunk) => sum + sizeOf(chunk), 0),
      chunks: firstLoadChunkPaths.length,
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes || a.route.localeCompare(b.route));
}

/** The routes over `budget` bytes, from `firstLoadJs`'s rows. */
export function overBudget(rows, budget = FIRST_LOAD_JS_BUDGET) {
  return rows.filter((row) => row.gzipBytes > budget);
}

/** A plain-text table route → kB (gzip) with the budget, one line a route. */
export function formatTable(rows, budget = FIRST_LOAD_JS_BUDGET) {
  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const width = Math.max(5, ...rows.map((row) => row.route.length));
  const lines = [`${'route'.padEnd(width)}  first-load JS (kB gzip, budget ${kb(budget)})`];
  for (const row of rows) {
    lines.push(`${row.route.padEnd(width)}  ${kb(row.gzipBytes).padStart(6)}${row.gzipBytes > budget ? '  OVER' : ''}`);
  }
  return lines.join('\n');
}

/** Measures the build in `nextDir` against `budget`: { ok, over, table }. */
export function checkBudget(nextDir, budget = FIRST_LOAD_JS_BUDGET) {
  const rows = firstLoadJs(nextDir);
  const over = overBudget(rows, budget);
  return { ok: over.length === 0, over, table: formatTable(rows, budget) };
}
