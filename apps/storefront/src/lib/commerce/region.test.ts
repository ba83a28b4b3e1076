/** The region rule (§3, §5): the region id lives in local storage, and without one commerce calls stop with 'Region is not set'. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { COMMERCE_MESSAGES } from '@vastra/contracts';
import { CommerceError } from './commerce-error';
import { readRegionId, REGION_STORAGE_KEY, requireRegionId, saveRegionId } from './region';

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

test('without a stored region, a commerce call is refused with "Region is not set"', () => {
  for (const storage of [memoryStorage(), memoryStorage({ [REGION_STORAGE_KEY]: '  ' })]) {
    assert.equal(readRegionId(storage), null);
    assert.throws(
      () => requireRegionId(storage),
      (error: unknown) =>
        error instanceof CommerceError && error.message === COMMERCE_MESSAGES.regionNotSet && error.status === 400,
    );
  }
});

test('a saved region id is kept under region_id and read back', () => {
  const storage = memoryStorage();
  saveRegionId(storage, 'india_region');
  assert.equal(storage.getItem('region_id'), 'india_region');
  assert.equal(requireRegionId(storage), 'india_region');
});
