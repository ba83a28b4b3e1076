import assert from 'node:assert/strict';
import { test } from 'node:test';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { withIntl } from '@/test-support/intl';
import { DeliveryRow } from './delivery-row';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

const row = (amount: number, shortfall: number, locale: 'en' | 'hi' = 'en') =>
  renderToStaticMarkup(
    withIntl(
      <dl>
        <DeliveryRow amount={amount} shortfall={shortfall} className="row" />
      </dl>,
      locale,
    ),
  );

test('the delivery charge reads FREE or its amount, with what is missing for free delivery', () => {
  assert.match(row(0, 0), /<dt>Delivery<\/dt><dd[^>]*>FREE<\/dd>/);
  assert.match(row(49, 99), /Add ₹ 99 more for free delivery/);
  assert.match(row(49, 99), /<dd[^>]*>₹ 49<\/dd>/);
  assert.doesNotMatch(row(0, 0), /free-delivery-shortfall/);
});

test('in Hindi, with the amounts as they are', () => {
  assert.match(row(0, 0, 'hi'), /<dt>डिलीवरी<\/dt><dd[^>]*>मुफ़्त<\/dd>/);
  assert.match(row(49, 99, 'hi'), /मुफ़्त डिलीवरी के लिए ₹ 99 का सामान और जोड़ें/);
});
