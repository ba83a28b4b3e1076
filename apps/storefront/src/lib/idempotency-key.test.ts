import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { idempotencyKeySchema } from '@vastra/contracts';
import { newIdempotencyKey } from './idempotency-key';

describe('idempotency keys of POST /orders', () => {
  it('are keys the API accepts, and each one new', () => {
    const keys = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const key = newIdempotencyKey();
      assert.match(key, /^order_[a-z0-9]{32}$/);
      assert.ok(idempotencyKeySchema.safeParse(key).success);
      keys.add(key);
    }
    assert.equal(keys.size, 200);
  });

  it('are built from the bytes of their random source', () => {
    assert.equal(
      newIdempotencyKey((bytes) => bytes.fill(0)),
      `order_${'a'.repeat(32)}`,
    );
  });
});
