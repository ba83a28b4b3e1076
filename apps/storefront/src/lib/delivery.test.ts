import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatDeliveryDate, isPincode } from './delivery';

test('the date as shoppers in India read it, whatever the browser’s zone', () => {
  assert.equal(formatDeliveryDate('2026-12-03'), 'Thu, 3 Dec');
  assert.equal(formatDeliveryDate('2027-01-01'), 'Fri, 1 Jan');
  assert.equal(formatDeliveryDate('2026-11-30'), 'Mon, 30 Nov');
});

test('a pincode is 6 digits not starting with 0', () => {
  assert.deepEqual(['560001', ' 110001 ', '056001', '56001', '5600011', 'abcdef'].map(isPincode), [
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
});
