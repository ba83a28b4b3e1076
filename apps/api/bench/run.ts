/**
 * `npm run bench`: builds the API, then for each database target seeds (or reuses) its own
 * database, starts the compiled API on it (`node dist/server.js`, its own port in 9900–9919)
 * and prints one table: req/s, p50/p99 latency (ms), bytes per answer (the body) and the API
 * process's RSS (median and peak, MB, sampled every 200 ms) per scenario. Figures, not
 * assertions: tests never check time.
 *
 * Environment:
 * - BENCH_TARGETS: comma-separated, from pg-store, pg-full, pglite-store, pglite-full
 *   (default `pg-store,pg-full,pglite-store`). PostgreSQL targets need the server at
 *   BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test).
 * - BENCH_SECONDS (10), BENCH_CONNECTIONS (10), BENCH_RUNS (1; 3 gives the median of three),
 *   BENCH_WARMUP_SECONDS (2, not counted), BENCH_SCENARIOS (`core`, `all` for the extra rows, or
 *   row ids such as `list,store-list,store-cart`: scenarios.ts).
 * - BENCH_URL: measure an API that is already running instead (RSS only with BENCH_PID).
 * - BENCH_RESEED=1: seed the databases afresh even when their fingerprint matches.
 * - BENCH_LOG_LEVEL: the API's LOG_LEVEL (default: the API's own default, as `npm start`).
 */
import { SCENARIOS, productIds, readQueryMix, type Scenario } from './scenarios';
import { measure, median, type Load, type Measurement } from './measure';
import { TARGETS, prepareDatabase, startApi, waitForReady, type Target } from './targets';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const runs = Number(process.env.BENCH_RUNS ?? 1);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const scenarios = pickScenarios(process.env.BENCH_SCENARIOS ?? 'core');

function pickScenarios(wanted: string): Scenario[] {
  if (wanted === 'core' || wanted === 'all') return SCENARIOS.filter((s) => s.core || wanted === 'all');
  return wanted.split(',').map((id) => {
    const scenario = SCENARIOS.find((s) => s.id === id.trim());
    if (!scenario) throw new Error(`Unknown bench scenario ${id}; use ${SCENARIOS.map((s) => s.id).join(', ')}`);
    return scenario;
  });
}

type Row = { target: string; scenario: string; runs: Measurement[] };

function pickTargets(): Target[] {
  const names = (process.env.BENCH_TARGETS ?? 'pg-store,pg-full,pglite-store').split(',').map((n) => n.trim());
  return names.map((name) => {
    const target = TARGETS.find((t) => t.name === name);
    if (!target) throw new Error(`Unknown bench target ${name}; use ${TARGETS.map((t) => t.name).join(', ')}`);
    return target;
  });
}

/** Runs every scenario `runs` times against the API at `url`, printing each measurement as it lands. */
async function measureApi(label: string, url: string, pid: number | null): Promise<Row[]> {
  const ctx = { url, ids: await productIds(url), mix: readQueryMix() };
  const loads: Load[] = [];
  for (const s of scenarios) loads.push(await s.load(ctx));
  const rows: Row[] = scenarios.map((s) => ({ target: label, scenario: s.name, runs: [] }));
  for (let run = 1; run <= runs; run++) {
    for (const [i, s] of scenarios.entries()) {
      const m = await measure(url, loads[i]!, { connections, seconds, warmupSeconds, pid });
      rows[i]!.runs.push(m);
      console.log(
        `${label} · ${s.name} · run ${run}/${runs}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms, ` +
          `${m.bytes} bytes` +
          (m.rssPeak === null ? '' : `, RSS ${m.rssMedian!.toFixed(0)}/${m.rssPeak.toFixed(0)} MB`) +
          (m.errors ? `, ${m.errors} errors` : ''),
      );
    }
  }
  return rows;
}

const mb = (values: (number | null)[]) =>
  values.every((v) => v !== null) ? median(values as number[]).toFixed(0) : '–';

function printTable(rows: Row[]): void {
  const header = [
    'database',
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'bytes/answer',
    'RSS median MB',
    'RSS peak MB',
    'errors',
  ];
  const lines = rows.map((r) => [
    r.target,
    r.scenario,
    median(r.runs.map((m) => m.rps)).toFixed(0),
    String(median(r.runs.map((m) => m.p50))),
    String(median(r.runs.map((m) => m.p99))),
    String(median(r.runs.map((m) => m.bytes))),
    mb(r.runs.map((m) => m.rssMedian)),
    mb(r.runs.map((m) => m.rssPeak)),
    String(r.runs.reduce((sum, m) => sum + m.errors, 0)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const what = runs > 1 ? `median of ${runs} runs` : 'one run';
  console.log(
    `\n${connections} connections, ${seconds} s per scenario after ${warmupSeconds} s of warm-up, ${what}:\n`,
  );
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  if (process.env.BENCH_URL) {
    const url = process.env.BENCH_URL;
    await waitForReady(url, 10_000);
    rows.push(...(await measureApi(url, url, process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null)));
  } else {
    for (const target of pickTargets()) {
      await prepareDatabase(target);
      const api = await startApi(target);
      try {
        rows.push(...(await measureApi(target.label, api.url, api.pid)));
      } finally {
        await api.stop();
      }
    }
  }
  printTable(rows);
}

await main();
