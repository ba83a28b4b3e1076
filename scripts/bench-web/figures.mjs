// The figures of `npm run bench:web` (scripts/bench-web.mjs): the storefront's goals, the JavaScript
// a page loaded, and the printed table. Pure functions, so scripts/bench-web/figures.test.mjs
// can check what the table says.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * The storefront's goals (docs/performance.md "Measuring the storefront"): a Lighthouse mobile
 * score of 95 on the catalogue pages and 90 on the shopper's own, LCP at most 2.0 s, TBT at
 * most 200 ms, first-load JS at most 120 kB gzip on every route, and at most 160 kB gzip of
 * JavaScript loaded before idle on home and product (in either language). Null: no goal.
 */
export function goalsFor(page) {
  if (page.kind === 'ceiling') return { score: null, lcpMs: null, tbtMs: null, firstLoadKb: null, idleJsKb: null };
  return {
    score: page.kind === 'shopper' ? 90 : 95,
    lcpMs: 2000,
    tbtMs: 200,
    firstLoadKb: 120,
    idleJsKb: ['home', 'product', 'hi/home', 'hi/product'].includes(page.name) ? 160 : null,
  };
}

/** The median of numbers (the middle one; the upper middle of an even count). */
export function median(values) {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

const gzipCache = new Map();
/** Gzip size (level 9, as the first-load budget counts) of a built file, or null when it is not there. */
function gzipOfFile(file) {
  if (!gzipCache.has(file)) {
    gzipCache.set(file, existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : null);
  }
  return gzipCache.get(file);
}

/**
 * Bytes of gzip of every script a Lighthouse run loaded (its `network-requests` audit, which
 * lists requests up to the end of the run: the page loaded and idle). A script of the app's
 * own build (`/_next/static/…` on `origin`) counts as its file in `nextDir` gzipped at level 9,
 * as first-load JS does; any other script counts as what was transferred. Inline scripts (the
 * RSC payload) are part of the HTML and not counted.
 */
export function scriptBytes(networkItems, origin, nextDir) {
  let bytes = 0;
  for (const item of networkItems) {
    if (item.resourceType !== 'Script') continue;
    const url = new URL(item.url);
    const built =
      url.origin === origin && url.pathname.startsWith('/_next/static/')
        ? gzipOfFile(path.join(nextDir, 'static', decodeURIComponent(url.pathname.slice('/_next/static/'.length))))
        : null;
    bytes += built ?? item.transferSize ?? 0;
  }
  return bytes;
}

/** `value` with ✓ or ✗ against an "at most" or "at least" goal, and the goal; the bare value without one. */
function judged(text, value, goal, atLeast, goalText = String(goal)) {
  if (goal === null || goal === undefined) return text;
  const met = atLeast ? value >= goal : value <= goal;
  return `${text} ${met ? '✓' : '✗'} ${atLeast ? '≥' : '≤'} ${goalText}`;
}

/** "1.8×" for a ratio; for a ceiling of 0 (nothing to divide by) the difference, "+350". */
function ratio(value, ceiling, unit = '') {
  if (ceiling > 0) return `${(value / ceiling).toFixed(1)}×`;
  return `+${Math.round(value - ceiling)}${unit}`;
}

/**
 * The printed table, Markdown (so it can go into docs/performance.md as it is): one row per
 * measured page, each figure with ✓/✗ and its goal, and the page's ratio to the ceiling row.
 * `rows`: [{ name, kind: 'ceiling' | 'public' | 'shopper', runs: [{ score, lcpMs, tbtMs,
 * idleJsBytes }], firstLoadBytes (or null), data (for shopper pages: where their data was seen) }].
 */
export function formatTable(rows) {
  const medians = (row) => ({
    score: median(row.runs.map((r) => r.score)),
    lcpMs: median(row.runs.map((r) => r.lcpMs)),
    tbtMs: median(row.runs.map((r) => r.tbtMs)),
    idleJsKb: median(row.runs.map((r) => r.idleJsBytes)) / 1024,
    firstLoadKb: row.firstLoadBytes === null ? null : row.firstLoadBytes / 1024,
  });
  const ceilingRow = rows.find((row) => row.kind === 'ceiling');
  const ceiling = ceilingRow ? medians(ceilingRow) : null;
  const header = [
    'page',
    'score',
    'LCP s',
    'TBT ms',
    'first-load JS kB',
    'JS by idle kB',
    'runs (score)',
    "shopper's data",
    'vs ceiling: LCP · TBT · JS by idle',
  ];
  const body = rows.map((row) => {
    const m = medians(row);
    const goal = goalsFor(row);
    return [
      row.name,
      judged(String(m.score), m.score, goal.score, true),
      judged((m.lcpMs / 1000).toFixed(2), m.lcpMs, goal.lcpMs, false, ((goal.lcpMs ?? 0) / 1000).toFixed(1)),
      judged(String(Math.round(m.tbtMs)), m.tbtMs, goal.tbtMs, false),
      m.firstLoadKb === null ? '?' : judged(m.firstLoadKb.toFixed(1), m.firstLoadKb, goal.firstLoadKb, false),
      judged(m.idleJsKb.toFixed(1), m.idleJsKb, goal.idleJsKb, false),
      row.runs.map((r) => r.score).join(' '),
      row.data ?? '',
      row.kind === 'ceiling' || !ceiling
        ? ''
        : [
            ratio(m.lcpMs, ceiling.lcpMs),
            ratio(m.tbtMs, ceiling.tbtMs, ' ms'),
            ratio(m.idleJsKb, ceiling.idleJsKb),
          ].join(' · '),
    ];
  });
  const widths = header.map((h, i) => Math.max([...h].length, ...body.map((cells) => [...cells[i]].length)));
  const line = (cells) => `| ${cells.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
