/**
 * One measured load: autocannon against the API for a scenario, while the API process's
 * resident memory is sampled from /proc. Figures, not assertions: tests never check time.
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

/** What one scenario sends: each request takes the next path (round robin over all connections), GET or a JSON POST. */
export type Load = { paths: readonly string[]; headers?: Record<string, string>; body?: object };

export type Measurement = {
  rps: number;
  /** Latency percentiles, ms. */
  p50: number;
  p99: number;
  /** RSS of the API process during the measured run, MB; null when its pid is unknown. */
  rssMedian: number | null;
  rssPeak: number | null;
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number;
  /** Mean body size of an answer, bytes (up to 20 of the load's paths, fetched once each). */
  bytes: number;
};

/** VmRSS of `pid` in MB, or null when /proc cannot say (not Linux, process gone). */
function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function fire(url: string, load: Load, connections: number, seconds: number) {
  let next = 0;
  const method = load.body ? ('POST' as const) : ('GET' as const);
  const headers = { ...load.headers, ...(load.body ? { 'content-type': 'application/json' } : {}) };
  const body = load.body ? JSON.stringify(load.body) : undefined;
  return autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      {
        method,
        headers,
        body,
        // One shared counter: every request, on whichever connection, takes the next path.
        setupRequest: (req) => ({ ...req, path: load.paths[next++ % load.paths.length]! }),
      },
    ],
  });
}

/** The mean body size of the answers to up to 20 of `load`'s paths, in bytes. */
async function bytesPerAnswer(url: string, load: Load): Promise<number> {
  const paths = load.paths.slice(0, 20);
  let total = 0;
  for (const path of paths) {
    const res = await fetch(`${url}${path}`, {
      method: load.body ? 'POST' : 'GET',
      headers: { ...load.headers, ...(load.body ? { 'content-type': 'application/json' } : {}) },
      body: load.body ? JSON.stringify(load.body) : undefined,
    });
    total += (await res.arrayBuffer()).byteLength;
  }
  return Math.round(total / paths.length);
}

/**
 * Warms up for `warmupSeconds` (connection pools, prepared statements, caches: not counted),
 * then loads `url` for `seconds` with `connections`, sampling the RSS of `pid` every 200 ms.
 */
export async function measure(
  url: string,
  load: Load,
  opts: { connections: number; seconds: number; warmupSeconds: number; pid: number | null },
): Promise<Measurement> {
  if (opts.warmupSeconds > 0) await fire(url, load, opts.connections, opts.warmupSeconds);
  const samples: number[] = [];
  const sample = () => {
    const mb = opts.pid ? rssMb(opts.pid) : null;
    if (mb !== null) samples.push(mb);
  };
  const timer = setInterval(sample, 200);
  try {
    const result = await fire(url, load, opts.connections, opts.seconds);
    sample();
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      rssMedian: samples.length ? median(samples) : null,
      rssPeak: samples.length ? Math.max(...samples) : null,
      errors: result.errors + result.timeouts + result.non2xx,
      bytes: await bytesPerAnswer(url, load),
    };
  } finally {
    clearInterval(timer);
  }
}
