import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { describe, test } from 'node:test';
import { verifiedTags } from './revalidate-request';

const SECRET = 'a shared secret of at least thirty-two characters';
const NOW = Date.UTC(2026, 10, 26, 8, 0, 0);
const sign = (raw: string, secret = SECRET) => createHmac('sha256', secret).update(raw).digest('hex');
const body = (tags: string[], at = NOW) => JSON.stringify({ tags, at });

describe("the API's revalidation call", () => {
  test('a call signed with the shared secret names the tags to expire', () => {
    const raw = body(['products', 'homepage']);
    assert.deepEqual(verifiedTags(raw, sign(raw), SECRET, NOW + 2000), { tags: ['products', 'homepage'] });
  });

  test('a forged, altered or unsigned call is refused', () => {
    const raw = body(['products']);
    assert.deepEqual(verifiedTags(raw, sign(raw, 'someone else’s secret of thirty-two chars'), SECRET, NOW), {
      status: 401,
    });
    assert.deepEqual(
      verifiedTags(body(['homepage']), sign(raw), SECRET, NOW),
      { status: 401 },
      'body changed after signing',
    );
    assert.deepEqual(verifiedTags(raw, null, SECRET, NOW), { status: 401 });
    assert.deepEqual(verifiedTags(raw, 'zz', SECRET, NOW), { status: 401 });
  });

  test('a replayed old call and unknown tags are refused', () => {
    const old = body(['products'], NOW - 61_000);
    assert.deepEqual(verifiedTags(old, sign(old), SECRET, NOW), { status: 401 });
    const unknown = body(['orders']);
    assert.deepEqual(verifiedTags(unknown, sign(unknown), SECRET, NOW), { status: 400 });
  });

  test('without a secret the route does not exist', () => {
    const raw = body(['products']);
    assert.deepEqual(verifiedTags(raw, sign(raw), undefined, NOW), { status: 404 });
  });
});
