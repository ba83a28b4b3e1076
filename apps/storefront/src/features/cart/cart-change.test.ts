import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Cart, CartItem } from '@vastra/contracts';
import { withLineChange } from './cart-change';

function line(id: string, price: number, quantity: number, { stock = 10, isAvailable = true } = {}): CartItem {
  return {
    id,
    productId: `product-${id}`,
    variantId: `variant-${id}`,
    quantity,
    product: { id: `product-${id}`, name: 'Kurta', brand: 'Vastra', isActive: true } as CartItem['product'],
    variant: { id: `variant-${id}`, size: 'M', color: 'Blue', price, mrp: price * 2, stock } as CartItem['variant'],
    price,
    priceAtAdd: price,
    priceChanged: false,
    lineTotal: price * quantity,
    lineMrpTotal: price * 2 * quantity,
    isAvailable,
    exceedsStock: quantity > stock,
  };
}

const cartOf = (items: CartItem[]): Cart => ({
  id: 'cart-1',
  items,
  itemCount: items.reduce((n, item) => n + item.quantity, 0),
  totalAmount: items.filter((i) => i.isAvailable).reduce((n, item) => n + item.lineTotal, 0),
  totalMrp: items.filter((i) => i.isAvailable).reduce((n, item) => n + item.lineMrpTotal, 0),
  isActive: true,
  guestId: null,
  updatedAt: '2026-01-05T10:00:00.000Z',
});

describe('the cart shown while a change is on its way (useOptimistic on the cart page)', () => {
  const cart = cartOf([line('a', 499.5, 1), line('b', 1299, 2), line('gone', 999, 1, { isAvailable: false })]);

  it("a new quantity changes the line's totals, the pieces and the amounts, to the paisa", () => {
    const next = withLineChange(cart, { itemId: 'a', quantity: 3 })!;
    const changed = next.items.find((item) => item.id === 'a')!;
    assert.equal(changed.quantity, 3);
    assert.equal(changed.lineTotal, 1498.5);
    assert.equal(changed.lineMrpTotal, 2997);
    assert.equal(next.itemCount, 6);
    assert.equal(next.totalAmount, 1498.5 + 2598);
    assert.equal(next.totalMrp, 2997 + 5196);
    assert.equal(next.delivery, cart.delivery, "delivery stays the API's until it answers");
  });

  it('Remove takes the line away; a line that cannot be bought never counts in the amounts', () => {
    const next = withLineChange(cart, { itemId: 'b', quantity: null })!;
    assert.deepEqual(
      next.items.map((item) => item.id),
      ['a', 'gone'],
    );
    assert.equal(next.itemCount, 2);
    assert.equal(next.totalAmount, 499.5);
    assert.equal(next.totalMrp, 999);
  });

  it('more than is left is marked as such', () => {
    const next = withLineChange(cartOf([line('a', 100, 1, { stock: 2 })]), { itemId: 'a', quantity: 3 })!;
    assert.equal(next.items[0]!.exceedsStock, true);
  });

  it('a change already made, or of a line no longer there, leaves the cart as it is', () => {
    assert.equal(withLineChange(cart, { itemId: 'b', quantity: 2 }), cart);
    assert.equal(withLineChange(cart, { itemId: 'nope', quantity: null }), cart);
    assert.equal(withLineChange(null, { itemId: 'a', quantity: 2 }), null);
  });
});
