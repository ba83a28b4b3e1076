import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codLimitExceeded, type PaymentMethod } from '@vastra/contracts';
import { codUnavailableReason, offersCod, onlineMethod } from './payment-choice';

describe('payment methods of checkout (GET /orders/checkout-options)', () => {
  it('the online gateway is the method that is not cash on delivery', () => {
    assert.equal(onlineMethod({ paymentMethods: ['sandbox', 'cod'] }), 'sandbox');
    assert.equal(onlineMethod({ paymentMethods: ['cod', 'phonepe'] }), 'phonepe');
    assert.equal(onlineMethod({ paymentMethods: ['cod'] }), null);
  });

  it("cash on delivery is refused above its limit, in the API's words", () => {
    const options = { paymentMethods: ['sandbox', 'cod'] as PaymentMethod[], codMaxAmount: 10_000 };
    assert.ok(offersCod(options));
    assert.equal(codUnavailableReason(options, 10_000), null);
    assert.equal(codUnavailableReason(options, 10_000.01), codLimitExceeded(10_000));
    assert.equal(codUnavailableReason(options, null), null);
  });

  it('is not on offer when the store turned it off', () => {
    const options = { paymentMethods: ['sandbox'] as PaymentMethod[], codMaxAmount: null };
    assert.ok(!offersCod(options));
    assert.equal(codUnavailableReason(options, 50_000), null);
  });
});
