import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CART_MESSAGES, type Cart } from '@vastra/contracts';
import { MemoryStorage } from '@/test-support/memory-storage';
import { CART_STORAGE_KEY, isStaleCart, newerCart, readStoredCart, writeStoredCart } from './cart-storage';

const cart = (updatedAt: string | null, id: string | null = 'cart-1'): Cart => ({
  id,
  items: [],
  itemCount: 0,
  totalAmount: 0,
  totalMrp: 0,
  isActive: true,
  guestId: null,
  updatedAt,
});

describe('the cart in browser storage (behaviour.md §3, §4)', () => {
  test('is the Cart JSON under the key "cart", read back as it was written', () => {
    const storage = new MemoryStorage();
    const stored = cart('2025-01-01T10:00:00.000Z');
    writeStoredCart(storage, stored);
    assert.deepEqual(JSON.parse(storage.getItem(CART_STORAGE_KEY)!), stored);
    assert.deepEqual(readStoredCart(storage), { cart: stored, error: null });
  });

  test('no cart is no key', () => {
    const storage = new MemoryStorage();
    writeStoredCart(storage, cart(null));
    writeStoredCart(storage, null);
    assert.equal(storage.getItem(CART_STORAGE_KEY), null);
    assert.deepEqual(readStoredCart(storage), { cart: null, error: null });
  });

  test("an unreadable value is 'Error retrieving cart' and is removed", () => {
    for (const bad of [
      '{not json',
      '"a string"',
      JSON.stringify({ id: 'x', items: 'none' }),
      JSON.stringify({ ...cart(null), itemCount: 1, items: [{ id: 'line-1', quantity: 1 }] }),
    ]) {
      const storage = new MemoryStorage();
      storage.setItem(CART_STORAGE_KEY, bad);
      assert.deepEqual(readStoredCart(storage), { cart: null, error: CART_MESSAGES.context });
      assert.equal(CART_MESSAGES.context, 'Error retrieving cart');
      assert.equal(storage.getItem(CART_STORAGE_KEY), null);
    }
  });
});

describe('answers arriving out of order', () => {
  test('an older state of the same cart does not replace a newer one', () => {
    assert.equal(isStaleCart(cart('2025-01-01T10:00:02.000Z'), cart('2025-01-01T10:00:01.000Z')), true);
    assert.equal(isStaleCart(cart('2025-01-01T10:00:01.000Z'), cart('2025-01-01T10:00:02.000Z')), false);
    assert.equal(isStaleCart(cart('2025-01-01T10:00:01.000Z'), cart('2025-01-01T10:00:01.000Z')), false);
  });

  test('another cart (after a login) or no cart held is always taken', () => {
    assert.equal(isStaleCart(null, cart('2025-01-01T10:00:00.000Z')), false);
    assert.equal(
      isStaleCart(cart('2025-01-01T10:00:02.000Z', 'guest-cart'), cart('2025-01-01T10:00:01.000Z', 'user-cart')),
      false,
    );
    assert.equal(isStaleCart(cart('2025-01-01T10:00:02.000Z'), cart(null, null)), false);
  });
});

describe('the cart the page was rendered with (newerCart, docs/architecture.md "Cart and checkout pages")', () => {
  const priced = (updatedAt: string | null, totalAmount: number, id: string | null = 'cart-1'): Cart => ({
    ...cart(updatedAt, id),
    totalAmount,
    totalMrp: totalAmount,
  });

  test('replaces what browser storage held: the server read the cart as it is now', () => {
    const stored = priced('2026-01-05T10:00:00.000Z', 1299);
    // The same cart, not changed since, but priced again on the server (a price moved).
    const rendered = priced('2026-01-05T10:00:00.000Z', 999);
    assert.equal(newerCart(stored, rendered), rendered);
    assert.equal(newerCart(null, rendered), rendered);
  });

  test("a later state of the same cart is kept: a change made after the page's request", () => {
    const later = priced('2026-01-05T10:05:00.000Z', 2598);
    const rendered = priced('2026-01-05T10:00:00.000Z', 1299);
    assert.equal(newerCart(later, rendered), later);
  });

  test("another cart (a guest's before, the user's now) is replaced whatever its time", () => {
    const guests = priced('2026-01-05T10:05:00.000Z', 2598, 'guest-cart');
    const users = priced('2026-01-05T10:00:00.000Z', 1299, 'user-cart');
    assert.equal(newerCart(guests, users), users);
  });
});
