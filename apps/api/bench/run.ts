/**
 * `npm run bench`: measures the catalogue API with autocannon and prints requests/s and
 * p50/p99 latency per scenario. Figures, not assertions: tests never check time.
 *
 * By default it seeds the full catalogue (44,446 styles) into its own database, starts the
 * API in a separate process on port 9900 and measures it: PGlite under ./data/bench, or the
 * PostgreSQL server in DATABASE_URL. BENCH_URL measures an API that is already running.
 * BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 10) shape each run; each
 * scenario is warmed up for 2 s first and that run is not counted.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = 9900;

async function waitForReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`API at ${url} not ready after ${timeoutMs} ms`);
}

async function startApi(): Promise<{ url: string; server: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Production refuses to start without a secret; the bench's sessions live only for this run.
    JWT_SECRET: process.env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
    DATA_DIR: process.env.DATA_DIR ?? path.join(apiDir, 'data/bench'),
  };
  console.log(`Seeding the full catalogue into ${env.DATABASE_URL ? 'PostgreSQL' : `PGlite (${env.DATA_DIR})`}…`);
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'src/db/seed/cli.ts', '--full'], {
    cwd: apiDir,
    env,
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('seeding failed');
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: apiDir, env, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  await waitForReady(url, 60_000);
  return { url, server };
}

/** GET requests to `path`, or POSTs of `body` (JSON) when a body is given. */
type Scenario = { name: string; path: (ids: string[]) => string[]; headers?: Record<string, string>; body?: object };

/** Registers a throwaway shopper and returns the session token, for the signed-in scenario. */
async function benchToken(url: string): Promise<string> {
  const res = await fetch(`${url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Shopper',
      email: `bench.${Date.now()}@example.com`,
      password: 'bench password',
    }),
  });
  const body = (await res.json()) as { data?: { token: string }; message?: string };
  if (!body.data) throw new Error(`Could not register the bench shopper: ${body.message}`);
  return body.data.token;
}

/** A guest cart holding one size of each of `productIds`; returns the guest id that names it. */
async function benchGuestCart(url: string, productIds: string[]): Promise<string> {
  const guestId = `guest_${'bench'.padEnd(25, '0')}`;
  for (const id of productIds) {
    const product = (await (await fetch(`${url}/products/${id}`)).json()) as {
      data: { product: { variants: { id: string; inStock: boolean }[] } };
    };
    const variant = product.data.product.variants.find((v) => v.inStock);
    if (!variant) continue;
    await fetch(`${url}/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ productId: id, variantId: variant.id, quantity: 1, guestId }),
    });
  }
  return guestId;
}

async function main() {
  const own = process.env.BENCH_URL ? null : await startApi();
  const url = process.env.BENCH_URL ?? own!.url;
  try {
    const page = (await (await fetch(`${url}/products/search?limit=100&sort=rating`)).json()) as {
      data: { products: { id: string }[] };
    };
    const ids = page.data.products.map((p) => p.id);
    const guestId = await benchGuestCart(url, ids.slice(0, 3));
    const scenarios: Scenario[] = [
      {
        name: 'search with text ("blue shirt")',
        path: () => [
          '/products/search?search=blue%20shirt',
          '/products/search?search=kurta',
          '/products/search?search=jeens',
        ],
      },
      {
        name: 'search with three filters',
        path: () => [
          '/products/search?gender=Men&colors=Blue,Black&maxPrice=2000',
          '/products/search?gender=Women&categories=kurtas&onSale=true',
          '/products/search?sizes=M&brands=Nike,Puma&minPrice=500',
        ],
      },
      { name: 'product detail', path: (all) => all.map((id) => `/products/${id}`) },
      { name: 'categories', path: () => ['/categories'] },
      {
        name: 'signed-in /auth/me (token and session check)',
        path: () => ['/auth/me'],
        headers: { authorization: `Bearer ${await benchToken(url)}` },
      },
      {
        name: 'guest cart with 3 lines (live prices and stock)',
        path: () => [`/cart?guestId=${guestId}`],
      },
      { name: 'reviews of a product (page and stats)', path: (all) => all.map((id) => `/reviews/product/${id}`) },
      {
        name: 'GST quote of a 3-line basket with a discount (POST /taxes/calculate)',
        path: () => ['/taxes/calculate'],
        body: {
          subtotal: 4597,
          discountAmount: 300,
          stateCode: '29',
          items: ids.slice(0, 3).map((productId, i) => ({ productId, price: [1299, 999, 2299][i], quantity: 1 })),
        },
      },
    ];

    const rows: string[][] = [];
    for (const scenario of scenarios) {
      const requests = scenario.path(ids).map((p) =>
        scenario.body
          ? {
              method: 'POST' as const,
              path: p,
              headers: { ...scenario.headers, 'content-type': 'application/json' },
              body: JSON.stringify(scenario.body),
            }
          : { method: 'GET' as const, path: p, headers: scenario.headers },
      );
      // Warm up (connection pools, prepared statements, caches): steady state is what counts.
      await autocannon({ url, connections, duration: 2, requests });
      const result = await autocannon({ url, connections, duration: seconds, requests });
      const errors = result.errors + result.non2xx;
      rows.push([
        scenario.name,
        result.requests.average.toFixed(0),
        `${result.latency.p50} ms`,
        `${result.latency.p99} ms`,
        String(errors),
      ]);
      console.log(
        `${scenario.name}: ${result.requests.average.toFixed(0)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${errors}`,
      );
    }
    console.log(`\n${connections} connections, ${seconds} s each, against ${url}`);
    console.table(rows.map(([name, rps, p50, p99, errors]) => ({ scenario: name, 'req/s': rps, p50, p99, errors })));
  } finally {
    own?.server.kill('SIGTERM');
  }
}

await main();
