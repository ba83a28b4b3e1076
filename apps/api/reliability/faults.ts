/**
 * The instances' own view of a run: server faults the clients may never see.
 * `take()` reads, since its last call, each instance's log (lines at error level or above) and
 * its /metrics (the growth of every `vastra_http_requests_total` series with a 5xx status), so
 * run.ts can fail the scenario they happened in unless it declared them (`Scenario.serverFaults`).
 *
 * A fault is text a declared pattern is matched against: `500 POST /orders (3×)` (status,
 * method, route pattern, how many) or `error: <msg>: <err.message>`; it is reported with its
 * instance (`api-2: …`). A restarted instance starts its counters again from zero; what a killed
 * instance counted since the last `take()` is gone with it (its log stays).
 */
import fs from 'node:fs';
import { call } from './client';
import type { Stack } from './stack';

type Fault = { instance: number; text: string };

/** The 5xx series of a /metrics text: `<status> <method> <route>` → count. */
function fiveHundreds(metrics: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of metrics.split('\n')) {
    const match = /^vastra_http_requests_total\{(.*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (/^5\d\d$/.test(labels.status ?? ''))
      counts.set(`${labels.status} ${labels.method} ${labels.route}`, Number(match[2]));
  }
  return counts;
}

/** The lines at error level or above of a pino log text. */
function errorLines(log: string): string[] {
  const found: string[] = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) >= 50) {
        found.push(
          [
            entry.level === 60 ? 'fatal' : 'error',
            entry.msg,
            entry.err?.message === entry.msg ? '' : entry.err?.message,
          ]
            .filter(Boolean)
            .join(': '),
        );
      }
    } catch {
      // Not one of pino's lines (node's own output): the error line before it counts.
    }
  }
  return found;
}

export class ServerFaults {
  /** Per instance: the pid whose counters `counted` holds, those counts, and how far its log was read. */
  private readonly seen: { pid: number; counted: Map<string, number>; logBytes: number }[];

  constructor(private readonly stack: Stack) {
    this.seen = stack.instances.map((i) => ({ pid: i.pid, counted: new Map(), logBytes: 0 }));
  }

  /** The faults since the last call (since the instances started, at the first). */
  async take(): Promise<Fault[]> {
    const faults: Fault[] = [];
    for (const instance of this.stack.instances) {
      const seen = this.seen[instance.index]!;
      if (seen.pid !== instance.pid) Object.assign(seen, { pid: instance.pid, counted: new Map() });
      const scrape = await call(instance.url, 'GET', '/metrics', { token: this.stack.metricsToken });
      if (scrape.status !== 200) {
        faults.push({ instance: instance.index, text: `/metrics unreadable: ${scrape.status || scrape.error}` });
      } else {
        const counts = fiveHundreds(scrape.text);
        for (const [series, n] of counts) {
          const grown = n - (seen.counted.get(series) ?? 0);
          if (grown > 0) faults.push({ instance: instance.index, text: `${series} (${grown}×)` });
        }
        seen.counted = counts;
      }
      // Whole lines only: the one being written is read next time.
      const log = fs.readFileSync(instance.log);
      const end = Math.max(seen.logBytes, log.lastIndexOf(0x0a) + 1);
      for (const text of errorLines(log.subarray(seen.logBytes, end).toString('utf8'))) {
        faults.push({ instance: instance.index, text });
      }
      seen.logBytes = end;
    }
    return faults;
  }

  /** The faults since the last call that none of `expected` matches, as `api-<n>: <fault>`, a repeated line once with its count. */
  async unexpected(expected: readonly RegExp[] = []): Promise<string[]> {
    const counts = new Map<string, number>();
    for (const fault of await this.take()) {
      if (expected.some((pattern) => pattern.test(fault.text))) continue;
      const line = `api-${fault.instance + 1}: ${fault.text}`;
      counts.set(line, (counts.get(line) ?? 0) + 1);
    }
    return [...counts].map(([line, n]) => (n > 1 ? `${line} (${n} lines)` : line));
  }
}
