/** Below this many pieces a size shows "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export type StockState = { label: string; tone: 'ok' | 'low' | 'out' };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { label: 'Out of stock', tone: 'out' };
  if (stock <= LOW_STOCK_THRESHOLD) return { label: `Only ${stock} left`, tone: 'low' };
  return { label: 'In stock', tone: 'ok' };
}
