import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MemoryStorage } from '@/test-support/memory-storage';
import { REGION_ID_STORAGE_KEY, keepRegionId } from './region';

describe('region id (behaviour.md §3: kept in local storage)', () => {
  test('is india_region, written under region_id when none is kept', () => {
    const storage = new MemoryStorage();
    assert.equal(keepRegionId(storage), 'india_region');
    assert.equal(storage.getItem(REGION_ID_STORAGE_KEY), 'india_region');
    assert.equal(REGION_ID_STORAGE_KEY, 'region_id');
  });

  test('a kept id that is not the store region is replaced', () => {
    const storage = new MemoryStorage();
    storage.setItem(REGION_ID_STORAGE_KEY, 'reg_01OLD');
    assert.equal(keepRegionId(storage), 'india_region');
    assert.equal(storage.getItem(REGION_ID_STORAGE_KEY), 'india_region');
  });
});
