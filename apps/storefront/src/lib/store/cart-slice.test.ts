import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Cart } from '@vastra/contracts';
import { cartReducer, cartRendered, cartRestored, type CartState } from './cart-slice';

const cart = (updatedAt: string | null, totalAmount: number, id: string | null = 'cart-1'): Cart => ({
  id,
  items: [],
  itemCount: 0,
  totalAmount,
  totalMrp: totalAmount,
  isActive: true,
  guestId: null,
  updatedAt,
});

const holding = (held: Cart | null): CartState =>
  cartReducer(cartReducer(undefined, { type: 'init' }), cartRestored(held));

describe('the cart the page was rendered with (cartRendered, docs/architecture.md "Cart and checkout pages")', () => {
  test('replaces what browser storage held: the server read the cart as it is now', () => {
    const stored = cart('2026-01-05T10:00:00.000Z', 1299);
    // The same cart, not changed since, but priced again on the server (a price moved).
    const rendered = cart('2026-01-05T10:00:00.000Z', 999);
    assert.equal(cartReducer(holding(stored), cartRendered(rendered)).cart, rendered);
    assert.equal(cartReducer(holding(null), cartRendered(rendered)).cart, rendered);
  });

  test("a later state of the same cart is kept: a change made after the page's request", () => {
    const later = cart('2026-01-05T10:05:00.000Z', 2598);
    const rendered = cart('2026-01-05T10:00:00.000Z', 1299);
    assert.equal(cartReducer(holding(later), cartRendered(rendered)).cart, later);
  });

  test("another cart (a guest's before, the user's now) is replaced whatever its time", () => {
    const guests = cart('2026-01-05T10:05:00.000Z', 2598, 'guest-cart');
    const users = cart('2026-01-05T10:00:00.000Z', 1299, 'user-cart');
    assert.equal(cartReducer(holding(guests), cartRendered(users)).cart, users);
  });
});
