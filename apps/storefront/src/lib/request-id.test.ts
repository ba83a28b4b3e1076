import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageRequestId, requestIdHeader } from './request-id';

test('a page request keeps a well-formed id from the load balancer and gets a new UUID otherwise', () => {
  assert.equal(pageRequestId('lb-7f3a9c0e11'), 'lb-7f3a9c0e11');
  for (const given of [null, '', 'short', 'has space in it', 'x'.repeat(65), 'a"b\ninjected']) {
    assert.match(pageRequestId(given), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  }
  assert.notEqual(pageRequestId(null), pageRequestId(null));
});

test('only an uncached API call carries the id, so cached calls keep one cache entry for every page', () => {
  assert.deepEqual(requestIdHeader(false, 'render-0001'), { 'x-request-id': 'render-0001' });
  assert.deepEqual(requestIdHeader(true, 'render-0001'), {});
  assert.deepEqual(requestIdHeader(false, null), {});
});
