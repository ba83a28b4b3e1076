import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { CART_MESSAGES, type Cart } from '@vastra/contracts';
import { MemoryStorage } from '@/test-support/memory-storage';
import { CART_STORAGE_KEY, readStoredCart, writeStoredCart } from './cart-storage';
import { isStaleCart } from './store/cart-slice';

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
