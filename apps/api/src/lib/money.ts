/**
 * Money helpers (architecture.md "Money"): integer paise inside, rupees at the JSON edge.
 */

/** Paise (integer) → rupees (number with at most two decimals). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}

/** Rupees → paise, rounded to the nearest paisa. */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}

/**
 * Shares `total` paise over `amounts` (paise) in proportion to them, by largest remainder:
 * whole paise that add up to `total` exactly, each share within one paisa of its exact
 * proportion. Ties in the remainder go to the earlier amount. When the amounts add up to 0
 * every share is 0. Used for a discount over the lines it applies to (architecture.md
 * "Money"): the caller caps `total` at what it may be shared over.
 * Throws RangeError for a negative or fractional amount or total.
 */
export function shareInProportion(amounts: readonly number[], total: number): number[] {
  for (const value of [...amounts, total]) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`Not a whole, non-negative paise amount: ${value}`);
  }
  const sum = amounts.reduce((a, b) => a + b, 0);
  if (sum === 0 || total === 0) return amounts.map(() => 0);
  // BigInt keeps total × amount exact beyond 2^53.
  const big = amounts.map((a) => BigInt(a) * BigInt(total));
  const shares = big.map((p) => p / BigInt(sum));
  const remainders = big.map((p) => p % BigInt(sum));
  let left = total - shares.reduce((a, s) => a + Number(s), 0);
  const order = amounts
    .map((_, i) => i)
    .sort((a, b) => (remainders[b]! > remainders[a]! ? 1 : remainders[b]! < remainders[a]! ? -1 : a - b));
  const result = shares.map(Number);
  for (const i of order) {
    if (left === 0) break;
    result[i]! += 1;
    left -= 1;
  }
  return result;
}
