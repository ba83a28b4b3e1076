import assert from 'node:assert/strict';
import { test } from 'node:test';
import { codLine, deliveryChargeText, deliveryLine, formatDeliveryDate, freeDeliveryHint, isPincode } from './delivery';

test('the date as shoppers in India read it, whatever the browser’s zone', () => {
  assert.equal(formatDeliveryDate('2026-12-03'), 'Thu, 3 Dec');
  assert.equal(formatDeliveryDate('2027-01-01'), 'Fri, 1 Jan');
  assert.equal(deliveryLine({ deliveryBy: '2026-11-30' }), 'Delivery by Mon, 30 Nov');
});

test('cash on delivery said either way', () => {
  assert.equal(codLine({ codAvailable: true }), 'Cash on delivery available');
  assert.equal(codLine({ codAvailable: false }), 'Cash on delivery not available here');
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

test('the delivery charge reads FREE or its amount, with what is missing for free delivery', () => {
  assert.equal(deliveryChargeText(0), 'FREE');
  assert.equal(deliveryChargeText(49), '₹ 49');
  assert.equal(freeDeliveryHint(99), 'Add ₹ 99 more for free delivery');
  assert.equal(freeDeliveryHint(0), null);
});
