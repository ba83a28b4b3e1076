import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Variant } from '@vastra/contracts';
import { CHOOSE_SIZE, stockStory } from './stock';

const size = (name: string, stock: number) =>
  ({ id: `v-${name}`, size: name, color: 'Blue', stock, inStock: stock > 0 }) as Variant;
const sizes = [size('S', 0), size('M', 0), size('L', 12), size('XL', 3)];

describe('the stock story of the purchase panel', () => {
  it('no size chosen, some in stock: asks for a size and says nothing of "In stock"', () => {
    const { state, notify } = stockStory(sizes, undefined, true);
    assert.deepEqual(state, CHOOSE_SIZE);
    assert.deepEqual(
      notify.map((v) => v.size),
      ['S', 'M'],
    );
  });
  it('a size in stock chosen: its stock, and no "Notify me" for the sold-out sizes', () => {
    assert.deepEqual(stockStory(sizes, sizes[2], true), { state: { tone: 'ok' }, notify: [] });
    assert.deepEqual(stockStory(sizes, sizes[3], true), { state: { tone: 'low', left: 3 }, notify: [] });
  });
  it('every size sold out: out of stock, each offering "Notify me"', () => {
    const soldOut = [size('S', 0), size('M', 0)];
    const { state, notify } = stockStory(soldOut, undefined, false);
    assert.equal(state.tone, 'out');
    assert.equal(notify.length, 2);
  });
  it('a product without sizes follows its own flag', () => {
    assert.equal(stockStory([], undefined, true).state.tone, 'ok');
    assert.equal(stockStory([], undefined, false).state.tone, 'out');
  });
});
