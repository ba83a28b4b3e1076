import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codLimitExceeded } from '@vastra/contracts';
import { codUnavailableReason, paymentOptions } from './payment-options';

describe('payment options of checkout', () => {
  it("follow the API's variables, with its defaults", () => {
    assert.deepEqual(paymentOptions({}), { onlineGateway: 'sandbox', codMaxAmount: 10_000 });
    assert.deepEqual(paymentOptions({ PAYMENT_GATEWAY: 'phonepe', COD_MAX_ORDER_RUPEES: '5000' }), {
      onlineGateway: 'phonepe',
      codMaxAmount: 5000,
    });
    assert.deepEqual(paymentOptions({ COD_ENABLED: 'false' }), { onlineGateway: 'sandbox', codMaxAmount: null });
  });

  it("cash on delivery is refused above its limit, in the API's words", () => {
    const options = { onlineGateway: 'sandbox' as const, codMaxAmount: 10_000 };
    assert.equal(codUnavailableReason(options, 10_000), null);
    assert.equal(codUnavailableReason(options, 10_000.01), codLimitExceeded(10_000));
    assert.equal(codUnavailableReason(options, null), null);
  });
});
