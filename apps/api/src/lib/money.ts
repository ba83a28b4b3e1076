/**
 * Money helpers (docs/architecture.md "Money"): integer paise inside, rupees at the JSON edge.
 * The conversions are the contracts package's, shared with the storefront; sharing an amount
 * over lines is the API's alone.
 */
export { paiseToRupees, rupeesToPaise } from '@vastra/contracts';

/**
 * Splits `total` paise over entries in proportion to `amounts` (paise) by the largest
 * remainder method: each entry gets the floor of its exact share, and the paise left over go
 * one each to the entries with the largest remainders (ties: the earlier entry). So the
 * result always adds up to `total` exactly, an entry of 0 gets 0, and when `total` is at
 * most the sum of `amounts` no entry gets more than its amount. Exact for any size (BigInt).
 *
 * Throws RangeError for negative or fractional inputs, or a total > 0 with nothing to share
 * it over (all amounts 0).
 */
export function shareInProportion(amounts: readonly number[], total: number): number[] {
  if (!Number.isSafeInteger(total) || total < 0) throw new RangeError(`total must be whole paise ≥ 0, got ${total}`);
  for (const a of amounts) {
    if (!Number.isSafeInteger(a) || a < 0) throw new RangeError(`amounts must be whole paise ≥ 0, got ${a}`);
  }
  const sum = amounts.reduce((s, a) => s + BigInt(a), 0n);
  if (sum === 0n) {
    if (total !== 0) throw new RangeError(`cannot share ${total} over amounts that are all 0`);
    return amounts.map(() => 0);
  }
  const t = BigInt(total);
  const shares = amounts.map((a) => (t * BigInt(a)) / sum);
  const remainders = amounts.map((a) => (t * BigInt(a)) % sum);
  let left = total - shares.reduce((s, x) => s + Number(x), 0);
  const order = amounts
    .map((_, i) => i)
    .sort((i, j) => (remainders[j]! > remainders[i]! ? 1 : remainders[j]! < remainders[i]! ? -1 : i - j));
  for (const i of order) {
    if (left === 0) break;
    shares[i] = shares[i]! + 1n;
    left -= 1;
  }
  return shares.map(Number);
}
