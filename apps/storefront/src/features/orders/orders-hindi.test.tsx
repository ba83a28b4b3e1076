import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ReturnRequest } from '@vastra/contracts';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { withIntl } from '@/test-support/intl';
import { ReturnsList } from './returns-list';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

const request: ReturnRequest = {
  id: 'r1',
  orderId: 'o1',
  orderNumber: 'VST-1001',
  kind: 'partial',
  status: 'approved',
  reason: 'size',
  comment: null,
  items: [
    {
      orderItemId: 'i1',
      productId: 'p1',
      name: 'Cotton Kurta',
      size: 'M',
      color: 'Blue',
      image: null,
      quantity: 1,
      refundAmount: 1299,
      restocked: null,
    },
  ],
  files: [],
  refundAmount: 1299,
  giftCardRefundAmount: 0,
  walletRefundAmount: 0,
  gatewayRefundAmount: 1299,
  refundTo: 'original',
  decisionNote: null,
  creditNoteUrl: null,
  // Noon of 27 Nov 2026 in India.
  createdAt: '2026-11-27T06:30:00.000Z',
  updatedAt: '2026-11-27T06:30:00.000Z',
};

const returnsPage = (locale: 'en' | 'hi') =>
  renderToStaticMarkup(withIntl(<ReturnsList returns={[request]} />, locale));

describe('the returns list in the page language', () => {
  it('English: status, date, kind, reason and refund as the English page writes them', () => {
    const html = returnsPage('en');
    assert.match(html, /Approved/);
    assert.match(html, /27 Nov 2026 · Some items · Wrong size/);
    assert.match(html, /Cotton Kurta \(size M\) × 1/);
    assert.match(html, /Refund ₹ 1,299/);
  });

  it('Hindi: Hindi words and month, Western digits, the price as it is', () => {
    const html = returnsPage('hi');
    assert.match(html, /मंज़ूर/);
    assert.match(html, /27 नव॰ 2026 · कुछ आइटम · गलत साइज़/);
    assert.match(html, /Cotton Kurta \(साइज़ M\) × 1/);
    assert.match(html, /रिफ़ंड ₹ 1,299/);
    assert.doesNotMatch(html, /[०-९]/, 'no Devanagari digits');
  });
});
