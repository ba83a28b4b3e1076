import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { CATALOG_MESSAGES, type ProductSummary } from '@vastra/contracts';
import { readSuggestions } from '@/lib/api/browser/suggestions';
import { createProductList } from './product-list';

const product = (id: string) => ({ id, name: `Kurta ${id}` }) as ProductSummary;

/**
 * A product list over the real suggestions call and browser client, whose `fetch` (the HTTP
 * boundary) answers with `handler`; `sent` lists each request's search term.
 */
function productList(handler: (url: string) => Response | Promise<Response>) {
  const sent: string[] = [];
  globalThis.fetch = (async (url: string) => {
    sent.push(new URL(url).searchParams.get('search') ?? url);
    return handler(url);
  }) as typeof fetch;
  const list = createProductList((search) => readSuggestions('http://api.test', search));
  return { list, sent };
}
const answer = (...ids: string[]) =>
  new Response(JSON.stringify({ success: true, data: { products: ids.map(product) } }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

/** Waits (a turn of the event loop at a time) until `done`: a request goes out once the client's code has loaded. */
async function until(done: () => boolean) {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

const realFetch = globalThis.fetch;
// The clock is node's mock: the 500 ms are ticked, never waited for.
beforeEach(() => mock.timers.enable({ apis: ['Date'], now: 1_000_000 }));
afterEach(() => {
  mock.timers.reset();
  globalThis.fetch = realFetch;
});

describe('the client product list (behaviour.md §4 Catalogue requests, §9 product fetch throttle)', () => {
  it('goes idle → loading → succeeded, and failed with the behaviour.md §8 text', async () => {
    const { list } = productList((url) => {
      if (url.includes('search=kurta')) return answer('a', 'b');
      throw new TypeError('fetch failed');
    });
    assert.equal(list.getState().status, 'idle');
    const pending = list.fetch({ search: 'kurta' });
    assert.equal(list.getState().status, 'loading');
    await pending;
    assert.equal(list.getState().status, 'succeeded');
    assert.deepEqual(
      list.getState().products.map((p) => p.id),
      ['a', 'b'],
    );
    mock.timers.tick(500);
    await list.fetch({ search: 'saree' });
    assert.equal(list.getState().status, 'failed');
    assert.equal(list.getState().error, CATALOG_MESSAGES.search);
    assert.deepEqual(list.getState().products, []);
  });

  it('skips a second fetch within 500 ms, and one at 500 ms goes out', async () => {
    const { list, sent } = productList((url) => answer(url.includes('saree') ? 's' : 'k'));
    await list.fetch({ search: 'kurta' });
    mock.timers.tick(499);
    const before = list.getState();
    const skipped = await list.fetch({ search: 'saree' });
    assert.equal(skipped, 'skipped', 'skipped by the throttle');
    assert.deepEqual(sent, ['kurta']);
    assert.equal(list.getState().search, 'kurta', 'a skipped fetch changes nothing');
    assert.equal(list.getState(), before);
    assert.equal(list.getState().status, 'succeeded');
    mock.timers.tick(1);
    await list.fetch({ search: 'saree' });
    assert.deepEqual(sent, ['kurta', 'saree']);
    assert.deepEqual(
      list.getState().products.map((p) => p.id),
      ['s'],
    );
  });

  it('skips an identical request, in flight or answered, long after; force asks again at once', async () => {
    let release: () => void = () => {};
    let hold = true;
    const { list, sent } = productList((): Response | Promise<Response> =>
      hold ? new Promise((resolve) => (release = () => resolve(answer('a')))) : answer('a'),
    );
    const first = list.fetch({ search: 'kurta' });
    mock.timers.tick(2000);
    const whileInFlight = await list.fetch({ search: 'kurta' });
    assert.equal(whileInFlight, 'skipped');
    await until(() => sent.length === 1);
    release();
    hold = false;
    await first;
    mock.timers.tick(60_000);
    const answered = await list.fetch({ search: 'kurta' });
    assert.equal(answered, 'skipped');
    assert.deepEqual(sent, ['kurta']);

    const forced = await list.fetch({ search: 'kurta', force: true });
    assert.equal(forced, 'succeeded');
    assert.deepEqual(sent, ['kurta', 'kurta'], 'forced: sent again');
    const forcedAtOnce = await list.fetch({ search: 'saree', force: true });
    assert.equal(forcedAtOnce, 'succeeded', 'forced: not held back by the 500 ms either');
    assert.deepEqual(sent, ['kurta', 'kurta', 'saree']);
  });

  it('an answer to an earlier term that arrives after a later request does not replace it', async () => {
    const waiting: Record<string, (a: Response) => void> = {};
    const { list } = productList(
      (url) =>
        new Promise<Response>((resolve) => {
          waiting[url.includes('saree') ? 'saree' : 'kurta'] = resolve;
        }),
    );
    const slow = list.fetch({ search: 'kurta' });
    mock.timers.tick(600);
    const later = list.fetch({ search: 'saree' });
    await until(() => 'saree' in waiting);
    waiting.saree!(answer('s'));
    await later;
    waiting.kurta!(answer('k'));
    await slow;
    assert.equal(list.getState().search, 'saree');
    assert.deepEqual(
      list.getState().products.map((p) => p.id),
      ['s'],
    );
  });
});
