/** Below this many pieces a size shows "Only N left". */
export const LOW_STOCK_THRESHOLD = 5;

export type StockState = { label: string; tone: 'ok' | 'low' | 'out' };

export function stockState(stock: number): StockState {
  if (stock <= 0) return { label: 'Out of stock', tone: 'out' };
  if (stock <= LOW_STOCK_THRESHOLD) return { label: `Only ${stock} left`, tone: 'low' };
  return { label: 'In stock', tone: 'ok' };
}

/** Discount in whole percent, as the API rounds it. */
export function discountPercent(price: number, mrp: number): number {
  return mrp > price && mrp > 0 ? Math.round(((mrp - price) / mrp) * 100) : 0;
}
