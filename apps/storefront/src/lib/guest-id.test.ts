import assert from 'node:assert/strict';
import { describe, mock, test } from 'node:test';
import { GUEST_ID_PATTERN } from '@vastra/contracts';
import { MemoryStorage } from '@/test-support/memory-storage';
import {
  GUEST_ID_ALPHABET,
  GUEST_ID_STORAGE_KEY,
  charactersFromBytes,
  clearGuestId,
  ensureGuestId,
  generateGuestId,
  readGuestId,
} from './guest-id';

describe('guest id (behaviour.md §4 Guest cart, §9)', () => {
  test('is guest_ plus 25 lowercase letters or digits, as the API checks it', () => {
    for (let i = 0; i < 200; i++) {
      const id = generateGuestId();
      assert.match(id, /^guest_[a-z0-9]{25}$/);
      assert.match(id, GUEST_ID_PATTERN);
      assert.equal(id.length, 'guest_'.length + 25);
    }
  });

  test('takes its randomness from crypto.getRandomValues', (t) => {
    const spy = t.mock.method(globalThis.crypto, 'getRandomValues');
    generateGuestId();
    assert.ok(spy.mock.callCount() >= 1);
    assert.ok(spy.mock.calls[0]!.arguments[0] instanceof Uint8Array);
  });

  test('is built from the bytes of its random source', () => {
    const zeros = mock.fn((bytes: Uint8Array) => bytes.fill(0));
    assert.equal(generateGuestId(zeros), `guest_${'a'.repeat(25)}`);
    const nines = mock.fn((bytes: Uint8Array) => bytes.fill(35));
    assert.equal(generateGuestId(nines), `guest_${'9'.repeat(25)}`);
  });

  test('every byte value maps to each of the 36 characters equally often (no modulo bias)', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const chars = charactersFromBytes(all);
    assert.equal(chars.length, 252);
    const counts = new Map<string, number>();
    for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.deepEqual([...counts.keys()].sort(), [...GUEST_ID_ALPHABET].sort());
    for (const [c, n] of counts) assert.equal(n, 7, `character ${c}`);
  });

  test('the bytes 252 to 255 are rejected and replaced by fresh ones', () => {
    let round = 0;
    // First round: only the bytes 252, 253, 254, 255; then bytes that all mean 'b'.
    const source = (bytes: Uint8Array) => {
      if (round++ === 0) bytes.forEach((_, i) => (bytes[i] = 252 + (i % 4)));
      else bytes.fill(1);
      return bytes;
    };
    assert.equal(generateGuestId(source), `guest_${'b'.repeat(25)}`);
    assert.equal(round, 2);
  });

  test('many ids use all 36 characters, each about equally often', () => {
    const counts = new Map<string, number>();
    const ids = 8000;
    for (let i = 0; i < ids; i++) {
      for (const c of generateGuestId().slice(6)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    assert.equal(counts.size, 36);
    const expected = (ids * 25) / 36;
    for (const [c, n] of counts) {
      // ±6 % is 4.5 standard deviations here; a modulo bias would put a–d 12.5 % above.
      assert.ok(
        Math.abs(n - expected) / expected < 0.06,
        `character ${c} drawn ${n} times, expected about ${expected}`,
      );
    }
  });

  test('is kept in storage: made once, then read back, and forgotten on clear', () => {
    const storage = new MemoryStorage();
    assert.equal(readGuestId(storage), null);
    const id = ensureGuestId(storage);
    assert.equal(storage.getItem(GUEST_ID_STORAGE_KEY), id);
    assert.equal(ensureGuestId(storage), id);
    assert.equal(readGuestId(storage), id);
    clearGuestId(storage);
    assert.equal(readGuestId(storage), null);
    assert.notEqual(ensureGuestId(storage), id);
  });

  test('a stored value that is not a guest id is replaced', () => {
    const storage = new MemoryStorage();
    storage.setItem(GUEST_ID_STORAGE_KEY, 'guest_TOO-SHORT');
    assert.equal(readGuestId(storage), null);
    assert.match(ensureGuestId(storage), GUEST_ID_PATTERN);
  });
});
