import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REGION } from '@vastra/contracts';
import { MemoryStorage } from '@/test-support/memory-storage';
import { REGION_ID_STORAGE_KEY } from './region';
import { startTab } from './tab-start';

describe('startTab', () => {
  it("keeps the region id and removes the old store's copy of the shopper's data, leaving the cart", () => {
    const storage = new MemoryStorage();
    storage.setItem('persist:vastra', JSON.stringify({ auth: '{"user":{"email":"asha@example.com"}}' }));
    storage.setItem('cart', '{"id":"c1"}');
    (globalThis as { document?: unknown }).document = { cookie: '' };
    try {
      startTab(storage);
    } finally {
      delete (globalThis as { document?: unknown }).document;
    }
    assert.equal(storage.getItem('persist:vastra'), null);
    assert.equal(storage.getItem(REGION_ID_STORAGE_KEY), REGION.id);
    assert.equal(storage.getItem('cart'), '{"id":"c1"}');
  });
});
