/**
 * GET /metrics after a shopper's journey (a product page, the cart, an order paid on the
 * sandbox page): requests by route pattern with their times, orders placed, payments by status,
 * queue depth, the database pool on PostgreSQL and the process's own series. Who may read it:
 * the METRICS_TOKEN bearer when set (401 otherwise); without one, anyone outside production
 * and nobody in production (404).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../config';
import { bearer, register } from '../../test/accounts';
import { pickProducts, setStock } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';
import { BENGALURU_ADDRESS } from '../../test/orders';
import { productionEnv } from '../../test/production';
import { Metrics } from './service';

const TOKEN = 'metrics-token-of-at-least-32-characters';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** The samples of a Prometheus text answer (comments skipped). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labelText = '', value] = /^(\w+)(?:\{(.*)\})? (\S+)$/.exec(line)!;
      const labels = Object.fromEntries([...labelText.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: name!, labels, value: Number(value) };
    });
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when none. */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  assert.ok(found.length <= 1, `one sample of ${name} ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

async function scrape(app: FastifyInstance, headers: Record<string, string> = bearer(TOKEN)) {
  return app.inject({ method: 'GET', url: '/metrics', headers });
}

describe('with METRICS_TOKEN', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });
  after(() => ctx.close());

  test('a journey shows in the series: requests by route, orders placed, payments by status, pool and process', async () => {
    const [product] = await pickProducts(ctx.database.db, 1);
    const variant = product!.variants[0]!;
    // The seeded catalogue has sold-out sizes; this one must be in stock wherever it falls.
    await setStock(ctx.database.db, variant.id, 5);
    const shopper = await register(ctx.app);
    assert.equal((await ctx.app.inject({ method: 'GET', url: `/products/${product!.id}` })).statusCode, 200);
    assert.equal((await ctx.app.inject({ method: 'GET', url: '/no/such/page' })).statusCode, 404);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/cart/add',
      headers: bearer(shopper.token),
      payload: { productId: product!.id, variantId: variant.id, quantity: 1 },
    });
    assert.equal(added.statusCode, 200, added.body);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/orders',
      headers: bearer(shopper.token),
      payload: { shippingAddress: BENGALURU_ADDRESS, paymentMethod: 'sandbox' },
    });
    assert.equal(placed.statusCode, 201, placed.body);
    const paid = await ctx.app.inject({
      method: 'POST',
      url: new URL(placed.json().data.order.paymentUrl as string).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=success',
    });
    assert.equal(paid.statusCode, 303, paid.body);

    const res = await scrape(ctx.app);
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    const all = samples(res.body);
    const product200 = { method: 'GET', route: '/products/:id' };
    assert.equal(valueOf(all, 'vastra_http_requests_total', { ...product200, status: '200' }), 1);
    const buckets = all.filter(
      (s) => s.name === 'vastra_http_request_duration_seconds_bucket' && s.labels.route === '/products/:id',
    );
    assert.ok(buckets.length > 5, 'a histogram of the product route');
    assert.equal(buckets.find((b) => b.labels.le === '+Inf')?.value, 1);
    assert.equal(buckets.find((b) => b.labels.le === '+Inf')?.labels.status_class, '2xx');
    assert.ok(
      valueOf(all, 'vastra_http_request_duration_seconds_sum', { ...product200, status_class: '2xx' })! > 0,
      'its time',
    );
    // The pattern, never the URL: no product id and no unknown path becomes a label.
    assert.ok(!all.some((s) => Object.values(s.labels).some((v) => v.includes(product!.id))));
    assert.equal(valueOf(all, 'vastra_http_requests_total', { route: 'unmatched', status: '404' }), 1);
    assert.equal(valueOf(all, 'vastra_http_requests_total', { method: 'POST', route: '/orders', status: '201' }), 1);

    assert.equal(valueOf(all, 'vastra_orders_placed_total', { payment_method: 'sandbox' }), 1);
    assert.equal(valueOf(all, 'vastra_payments_total', { status: 'pending' }), 1);
    assert.equal(valueOf(all, 'vastra_payments_total', { status: 'completed' }), 1);
    assert.equal(valueOf(all, 'vastra_payments_total', { status: 'failed' }), undefined);
    // No answer failed; the series is declared all the same.
    assert.match(res.body, /^# TYPE vastra_http_server_errors_total counter$/m);
    await ctx.app.jobs.idle();
    const settled = samples((await scrape(ctx.app)).body);
    assert.ok(valueOf(settled, 'vastra_queue_depth', { queue: 'jobs' })! >= 0, 'the jobs queue is read');

    if (ctx.database.kind === 'postgres') {
      assert.ok(valueOf(all, 'vastra_db_pool_connections')! >= 1, 'connections held');
      assert.ok(valueOf(all, 'vastra_db_pool_idle_connections')! >= 0);
      assert.equal(valueOf(all, 'vastra_db_pool_waiting_queries'), 0);
      assert.equal(valueOf(all, 'vastra_db_pool_max_connections'), 10);
    } else {
      assert.equal(valueOf(all, 'vastra_db_pool_connections'), undefined, 'PGlite has no pool');
    }
    assert.ok(valueOf(all, 'process_resident_memory_bytes')! > 0);
    assert.ok(valueOf(all, 'nodejs_eventloop_lag_seconds')! >= 0);
    assert.ok(valueOf(all, 'nodejs_heap_size_used_bytes')! > 0);
  });

  test('a scrape without the token, with another or in another scheme is refused (401)', async () => {
    for (const headers of [
      {},
      bearer('metrics-token-of-at-least-32-characterz'),
      bearer('short'),
      { authorization: `Basic ${TOKEN}` },
    ]) {
      const res = await scrape(ctx.app, headers);
      assert.equal(res.statusCode, 401, JSON.stringify(headers));
      assert.doesNotMatch(res.body, /vastra_/);
    }
    assert.equal((await scrape(ctx.app, { authorization: `bearer ${TOKEN}` })).statusCode, 200);
  });

  test('/metrics is not in the OpenAPI document', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: object };
    assert.ok(Object.keys(spec.paths).includes('/health'), 'the document lists the routes');
    assert.ok(!Object.keys(spec.paths).includes('/metrics'));
  });
});

test('without METRICS_TOKEN, /metrics is open outside production and absent in production', async () => {
  const [open, production] = await Promise.all([
    createTestApp({ seed: false }),
    createTestApp({ seed: false, env: productionEnv() }),
  ]);
  try {
    assert.equal((await scrape(open.app, {})).statusCode, 200);
    const absent = await scrape(production.app, {});
    assert.equal(absent.statusCode, 404);
    assert.doesNotMatch(absent.body, /vastra_/);
    assert.equal((await scrape(production.app)).statusCode, 404);
  } finally {
    await Promise.all([open.close(), production.close()]);
  }
});

test('an answer of 500 or above counts as a server error of its route', async () => {
  const metrics = new Metrics();
  metrics.observeRequest('GET', '/ready', 503, 0.002);
  metrics.observeRequest('GET', '/ready', 200, 0.001);
  const all = samples((await metrics.render()).body);
  assert.equal(valueOf(all, 'vastra_http_server_errors_total', { method: 'GET', route: '/ready' }), 1);
  assert.equal(valueOf(all, 'vastra_http_requests_total', { status: '503' }), 1);
  assert.equal(valueOf(all, 'vastra_http_request_duration_seconds_count', { route: '/ready', status_class: '5xx' }), 1);
});

test('a METRICS_TOKEN shorter than 32 characters stops the start', () => {
  assert.throws(() => loadConfig({ METRICS_TOKEN: 'too-short' }), /METRICS_TOKEN: must be at least 32 characters/);
  assert.equal(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken, TOKEN);
});
