import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TtlCache } from './ttl-cache';

test('concurrent callers of a missing key share one load', async () => {
  const cache = new TtlCache(60_000);
  let loads = 0;
  const load = async () => ++loads;
  assert.deepEqual(await Promise.all([cache.get('k', load), cache.get('k', load)]), [1, 1]);
  assert.equal(loads, 1);
});

test('getLoaded answers a loaded value but never waits on a load under way', async () => {
  const cache = new TtlCache(60_000);
  let finish: (n: number) => void = () => {};
  const pending = cache.get('k', () => new Promise<number>((resolve) => (finish = resolve)));
  assert.equal(await cache.getLoaded('k', async () => 2), 2);
  finish(1);
  assert.equal(await pending, 1);
  assert.equal(await cache.getLoaded('k', async () => 3), 2, 'its own load was cached');
});

test('a failed load is not cached', async () => {
  const cache = new TtlCache(60_000);
  await assert.rejects(cache.get('k', () => Promise.reject(new Error('down'))));
  assert.equal(await cache.get('k', async () => 4), 4);
});
