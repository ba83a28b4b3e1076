import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MemoryStorage } from '@/test-support/memory-storage';
import { REGION_ID_STORAGE_KEY, keepRegionId, withRegion } from './region';

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

describe("a commerce call priced in a region (behaviour.md §5: 'Region is not set')", () => {
  test("without a known region it is refused with 'Region is not set'", () => {
    for (const none of [null, undefined, '']) {
      assert.throws(() => withRegion('http://localhost:9000/store/products?limit=12', none), {
        message: 'Region is not set',
      });
    }
  });

  test('with the kept region it carries region_id', () => {
    const storage = new MemoryStorage();
    assert.equal(
      withRegion('http://localhost:9000/store/products?limit=12&offset=0', keepRegionId(storage)),
      'http://localhost:9000/store/products?limit=12&offset=0&region_id=india_region',
    );
    assert.equal(withRegion('/store/products/prod_1', 'india_region'), '/store/products/prod_1?region_id=india_region');
  });
});
