/** Invoice values in words, Indian English (behaviour.md §10 Invoices): paise, thousands, lakh and crore. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { amountInWords } from './amount-in-words';

test('paise alone', () => {
  assert.equal(amountInWords(50), 'Rupees Zero and Fifty Paise Only');
});

test('a price with hyphenated tens', () => {
  assert.equal(amountInWords(129_900), 'Rupees One Thousand Two Hundred Ninety-Nine Only');
});

test('one lakh, not one hundred thousand', () => {
  assert.equal(amountInWords(10_000_000), 'Rupees One Lakh Only');
});

test('crore, lakh, thousand, hundreds and paise together', () => {
  assert.equal(
    amountInWords(123_456_789_05),
    'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
  );
});

test('round figures leave out the empty groups', () => {
  assert.equal(amountInWords(2_000_000_000_00), 'Rupees Two Hundred Crore Only');
  assert.equal(amountInWords(1_005_00), 'Rupees One Thousand Five Only');
});

test('a negative or fractional amount is refused', () => {
  assert.throws(() => amountInWords(-1), RangeError);
  assert.throws(() => amountInWords(10.5), RangeError);
});
