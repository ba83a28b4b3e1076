/**
 * The money helpers: paise ↔ rupees at the edge, and sharing an amount over lines in
 * proportion (largest remainder) so the shares always add up exactly.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { paiseToRupees, rupeesToPaise, shareInProportion } from './money';

describe('paise and rupees', () => {
  test('convert at the edge, to the paisa', () => {
    assert.equal(paiseToRupees(99999), 999.99);
    assert.equal(rupeesToPaise(999.99), 99999);
    assert.equal(rupeesToPaise(0.1 + 0.2), 30);
  });
});

describe('shareInProportion', () => {
  test('shares add up to the total and follow the amounts', () => {
    assert.deepEqual(shareInProportion([100000, 18000], 11800), [10000, 1800]);
    assert.deepEqual(shareInProportion([299997], 33333), [33333]);
    assert.deepEqual(shareInProportion([0, 500, 0], 120), [0, 120, 0]);
  });

  test('the paise left over go to the largest remainders, ties to the earlier amount', () => {
    assert.deepEqual(shareInProportion([100, 100, 100], 100), [34, 33, 33]);
    assert.deepEqual(shareInProportion([1, 2, 3], 1), [0, 0, 1]);
    assert.deepEqual(shareInProportion([1, 1], 3), [2, 1]);
  });

  test('many awkward amounts: always exact, each share within a paisa of its proportion', () => {
    const amounts = [99999, 1, 2, 123456789, 33333, 7, 250001];
    const sum = amounts.reduce((a, b) => a + b, 0);
    for (const total of [0, 1, 7, 33333, 99999, 1234567, sum]) {
      const shares = shareInProportion(amounts, total);
      assert.equal(
        shares.reduce((a, b) => a + b, 0),
        total,
      );
      shares.forEach((share, i) => assert.ok(Math.abs(share - (total * amounts[i]!) / sum) < 1, `${total}:${i}`));
    }
  });

  test('nothing to share over: nothing shared, and a total with nowhere to go is refused; products beyond 2^53 stay exact', () => {
    assert.deepEqual(shareInProportion([0, 0], 0), [0, 0]);
    assert.throws(() => shareInProportion([0, 0], 500), RangeError);
    assert.deepEqual(shareInProportion([], 0), []);
    const big = 9_000_000_000_000;
    assert.deepEqual(shareInProportion([big, big, 1], big), [4_500_000_000_000, 4_500_000_000_000, 0]);
  });

  test('refuses fractions and negatives', () => {
    assert.throws(() => shareInProportion([1.5], 1), RangeError);
    assert.throws(() => shareInProportion([1], -1), RangeError);
  });
});
