import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { withIntl } from '@/test-support/intl';
import { PaymentMethods } from './payment-methods';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

/** Step 2 of checkout as the shopper reads it, in `locale`. */
const paymentStep = (locale: 'en' | 'hi') =>
  renderToStaticMarkup(
    withIntl(
      <PaymentMethods
        options={{
          paymentMethods: ['sandbox', 'cod'],
          codMaxAmount: 10_000,
          pricesIncludeTax: true,
          storeState: 'Karnataka',
          paymentTimeoutMinutes: 30,
        }}
        error={null}
        payable={1299}
        method="cod"
      />,
      locale,
    ),
  );

describe('checkout in the page language (the payment methods)', () => {
  it('English: the words of the English checkout', () => {
    const html = paymentStep('en');
    assert.match(html, /Payment method/);
    assert.match(html, /Pay online \(test gateway\)/);
    assert.match(html, /Cash on delivery/);
    assert.match(html, /Pay in cash or by UPI when your order arrives\./);
  });

  it('Hindi: the same step in Hindi, UPI kept as it is, no English left', () => {
    const html = paymentStep('hi');
    assert.match(html, /भुगतान का तरीका/);
    assert.match(html, /कैश ऑन डिलीवरी/);
    assert.match(html, /ऑर्डर पहुँचने पर नकद या UPI से भुगतान करें।/);
    assert.doesNotMatch(html, /Payment method|Cash on delivery|Pay online/);
  });
});
