import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ordersPageHref, ordersPageOf } from './orders-page-size';

describe('the orders list page of ?page=', () => {
  it('reads a whole number from 1', () => {
    assert.equal(ordersPageOf('2'), 2);
    assert.equal(ordersPageOf('12'), 12);
    assert.equal(ordersPageOf(['3', '4']), 3);
  });

  it('is page 1 for anything else', () => {
    for (const param of [undefined, '', '0', '-1', 'x', '2.5', ' 2', '1e3', '9999999']) {
      assert.equal(ordersPageOf(param), 1, String(param));
    }
  });

  it('links page 1 without the parameter', () => {
    assert.equal(ordersPageHref(1), '/account/orders');
    assert.equal(ordersPageHref(3), '/account/orders?page=3');
  });
});
