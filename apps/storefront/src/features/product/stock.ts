import type { Variant } from '@vastra/contracts';

/** Below this many pieces a size shows "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

/**
 * What the panel says of stock, as the key of its text in the product.stock messages ("Out of
 * stock", "Only {count} left", "In stock", "Select a size to see its stock."); `left` is the
 * pieces of a low stock.
 */
export type StockState = { tone: 'ok' | 'low' | 'out' | 'choose'; left?: number };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { tone: 'out' };
  if (stock <= LOW_STOCK_THRESHOLD) return { tone: 'low', left: stock };
  return { tone: 'ok' };
}

/** Shown instead of a stock state while several sizes could be chosen and none is. */
export const CHOOSE_SIZE: StockState = { tone: 'choose' };

/**
 * The one stock story of the purchase panel, from the sizes of the colour shown and the chosen
 * one: `state` (the chosen size's stock; "Select a size…" while several are in stock and none is
 * chosen; "Out of stock" when none is), and the sold-out sizes offered "Notify me" (none once a
 * size in stock is chosen: the shopper has their size).
 */
export function stockStory(
  ofColour: readonly Variant[],
  selected: Variant | undefined,
  productInStock: boolean,
): { state: StockState; notify: Variant[] } {
  const soldOut = ofColour.filter((v) => !v.inStock);
  if (selected) return { state: stockState(selected.stock), notify: selected.inStock ? [] : soldOut };
  if (ofColour.length === 0) return { state: stockState(productInStock ? Number.POSITIVE_INFINITY : 0), notify: [] };
  return { state: soldOut.length === ofColour.length ? stockState(0) : CHOOSE_SIZE, notify: soldOut };
}
