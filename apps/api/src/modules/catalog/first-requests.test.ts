/**
 * The catalogue's first requests after start: a fresh app gets fifty requests
 * at once on every public catalogue route before anything else, then one conditional request
 * each. Every client gets its 200 (or 304), and the app itself saw no failure: no 5xx in
 * /metrics, and (through the harness, log-check.ts) no error logged. A handler whose promise
 * settled before the answer had gone made Fastify send a second time: the client still got 200,
 * the app logged ERR_HTTP_HEADERS_SENT and counted a 500.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { pickProducts } from '../../test/catalog';
import { createTestApp, type TestContext } from '../../test/harness';

const AT_ONCE = 50;

let ctx: TestContext;
let productId: string;

before(async () => {
  ctx = await createTestApp();
  productId = (await pickProducts(ctx.database.db, 1, { minVariants: 1 }))[0]!.id;
});
after(() => ctx.close());

test('fifty requests at once to every catalogue route right after start: all answered, no server fault', async () => {
  const urls = [
    '/products/search',
    '/products/search?colors=Blue&sort=price_asc',
    `/products/${productId}`,
    `/products/${productId}/related`,
    `/reviews/product/${productId}`,
    '/categories',
    '/collections',
    '/homepage-sections',
  ];
  const answers = await Promise.all(
    urls.flatMap((url) => Array.from({ length: AT_ONCE }, () => ctx.app.inject({ method: 'GET', url }))),
  );
  answers.forEach((res, i) => assert.equal(res.statusCode, 200, `${urls[Math.floor(i / AT_ONCE)]}: ${res.body}`));
  for (const url of urls) {
    const first = answers[urls.indexOf(url) * AT_ONCE]!;
    const again = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    assert.equal(again.statusCode, 304, url);
  }

  const metrics = await ctx.app.inject({ method: 'GET', url: '/metrics' });
  const counted = metrics.body.split('\n').filter((line) => line.startsWith('vastra_http_requests_total{'));
  assert.ok(counted.length >= 7, 'the catalogue routes are counted');
  assert.deepEqual(
    counted.filter((line) => /status="5\d\d"/.test(line)),
    [],
    'no answer was counted as a server error',
  );
});
