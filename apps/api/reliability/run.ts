/**
 * `npm run reliability`: brings up two API instances behind nginx on PostgreSQL and Redis
 * (stack.ts), runs the scenarios one after another, prints one table (test | what was done |
 * result) and the elapsed time, takes everything down (also on failure or Ctrl-C) and exits 1
 * when a scenario failed. Figures and findings, not unit tests: the regular tests stay in src/.
 * A scenario also fails when an instance logged an error or counted a 5xx during it that it did
 * not declare (`serverFaults`, faults.ts), whatever its clients received.
 *
 * Options: `--only=1,4` runs those scenarios only. Environment: RELIABILITY_LOAD_SECONDS (60),
 * RELIABILITY_PG_URL (the server's maintenance database, default
 * postgres://postgres@127.0.0.1:5432/postgres), RELIABILITY_REDIS_URL (redis://127.0.0.1:6379/9),
 * RELIABILITY_NGINX (/usr/sbin/nginx), RELIABILITY_LOG_LEVEL (the instances' LOG_LEVEL, warn).
 */
import { parseArgs } from 'node:util';
import { ServerFaults } from './faults';
import { SCENARIOS, type Outcome } from './scenarios/index';
import { startStack, type Stack } from './stack';

type Row = { id: number; name: string; done: string; result: string; ok: boolean; seconds: number };

function selected(): typeof SCENARIOS {
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  if (!values.only) return SCENARIOS;
  const ids = new Set(values.only.split(',').map((s) => Number(s.trim())));
  const chosen = SCENARIOS.filter((s) => ids.has(s.id));
  if (chosen.length !== ids.size) throw new Error(`--only: scenarios are ${SCENARIOS.map((s) => s.id).join(', ')}`);
  return chosen;
}

function printTable(rows: Row[]): void {
  const header = ['test', 'what was done', 'result'];
  const lines = rows.map((r) => [
    `${r.id}. ${r.name}`,
    r.done,
    `${r.ok ? 'PASS' : 'FAIL'}: ${r.result} (${r.seconds.toFixed(1)} s)`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\n${format(header)}`);
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

async function main(): Promise<number> {
  const started = performance.now();
  const scenarios = selected();
  let stack: Stack | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= stack ? stack.stop() : Promise.resolve());
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: taking the stack down…`);
    void stop().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Whatever breaks, the instances, nginx and the database go with the suite.
  process.once('uncaughtException', (err) => {
    console.error(`Uncaught: ${err.stack ?? err}`);
    void stop().finally(() => process.exit(1));
  });
  const rows: Row[] = [];
  try {
    stack = await startStack();
    console.log(`[setup] ready after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (stack.startProblems.length) console.log(stack.startProblems.join('\n'));
    const faults = new ServerFaults(stack);
    const startFaults = await faults.unexpected();
    rows.push({
      id: 0,
      name: 'start together',
      done: 'migrate and seed once, then start both instances at the same moment',
      ok: stack.startProblems.length === 0 && startFaults.length === 0,
      result: [
        stack.startProblems.length
          ? `${stack.startProblems.join('; ')} (started again alone for the rest)`
          : 'both ready',
        ...(startFaults.length ? [`server faults: ${startFaults.join(' | ')}`] : []),
      ].join('; '),
      seconds: (performance.now() - started) / 1000,
    });
    for (const scenario of scenarios) {
      console.log(`\n=== ${scenario.id}. ${scenario.name} ===`);
      const t0 = performance.now();
      let outcome: Outcome;
      try {
        outcome = await scenario.run(stack);
      } catch (err) {
        console.log((err as Error).stack ?? err);
        outcome = { done: scenario.summary, ok: false, result: `error: ${(err as Error).message ?? err}` };
      }
      const unexpected = await faults.unexpected(scenario.serverFaults);
      if (unexpected.length) {
        for (const fault of unexpected) console.log(`  server fault: ${fault}`);
        outcome = {
          ...outcome,
          ok: false,
          result: `${outcome.result}; undeclared server faults: ${unexpected.slice(0, 5).join(' | ')}${unexpected.length > 5 ? ` … (${unexpected.length})` : ''}`,
        };
      }
      const seconds = (performance.now() - t0) / 1000;
      rows.push({ id: scenario.id, name: scenario.name, ...outcome, seconds });
      console.log(`${outcome.ok ? 'PASS' : 'FAIL'}: ${outcome.result}`);
      if (!outcome.ok) console.log(stack.logTails());
    }
  } catch (err) {
    console.error(`The suite could not run: ${(err as Error).stack ?? err}`);
    rows.push({ id: 0, name: 'setup', done: 'start the stack', result: String(err), ok: false, seconds: 0 });
  } finally {
    await stop();
  }
  printTable(rows);
  const failed = rows.filter((r) => !r.ok).length;
  const elapsed = (performance.now() - started) / 1000;
  console.log(`\n${rows.length - failed}/${rows.length} passed; elapsed ${elapsed.toFixed(1)} s (budget 360 s)`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
