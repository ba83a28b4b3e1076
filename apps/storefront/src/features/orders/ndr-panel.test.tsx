import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DeliveryUpdates } from '@vastra/contracts';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PublicConfigProvider } from '@/lib/public-config';
import { withIntl } from '@/test-support/intl';
import { ndrBody } from './ndr-choice';
import { NdrPanel } from './ndr-panel';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

/**
 * The order page's answer to a failed delivery attempt (docs/behaviour.md "Courier updates: NDR
 * and RTO"): the form offers the courier's next round and the next 3 days, another number and a
 * note, in the page's language; once answered it says what was asked; and what the form sends.
 */
const ndr: NonNullable<DeliveryUpdates['ndr']> = {
  open: true,
  reason: 'Consignee not available',
  // 4:30 pm on 28 Nov 2026 in India.
  attemptedAt: '2026-11-28T11:00:00.000Z',
  attempts: 1,
  dates: ['2026-11-29', '2026-11-30', '2026-12-01'],
  answer: null,
};

const page = (value: typeof ndr, locale: 'en' | 'hi' = 'en') =>
  renderToStaticMarkup(
    withIntl(
      <PublicConfigProvider value={{ apiUrl: 'http://api.test', googleClientId: null, nonce: null }}>
        <NdrPanel orderId="o1" ndr={value} />
      </PublicConfigProvider>,
      locale,
    ),
  );

describe('the NDR form on the order page', () => {
  it('the reason, the courier’s next round and the next 3 days, another number, a note, the button', () => {
    const html = page(ndr);
    assert.match(html, /The courier could not deliver your order/);
    assert.match(html, /Attempted on 28 Nov 2026, 4:30 pm\./);
    assert.match(html, /Consignee not available/);
    assert.equal(html.match(/type="radio"/g)?.length, 4);
    assert.match(html, /name="when" checked="" value="next"/);
    for (const day of ['29 Nov 2026', '30 Nov 2026', '1 Dec 2026']) assert.match(html, new RegExp(day));
    assert.match(html, /type="tel"[^>]*name="phone"/);
    assert.match(html, /name="note" maxLength="200"/);
    assert.match(html, />Deliver again</);
  });

  it('in Hindi', () => {
    const html = page(ndr, 'hi');
    assert.match(html, /कूरियर आपका ऑर्डर डिलीवर नहीं कर सका/);
    assert.match(html, /फिर से डिलीवर करें/);
  });

  it('once answered: what was asked, no form', () => {
    const html = page({
      ...ndr,
      open: false,
      answer: { preferredDate: '2026-11-30', phoneEnding: '3210', status: 'sent', at: '2026-11-28T12:00:00.000Z' },
    });
    assert.doesNotMatch(html, /<form/);
    assert.match(html, /You asked the courier to try again on 30 Nov 2026\. They will call the number ending 3210\./);
  });

  it('sends the day chosen, the number and the note; leaves out what is empty', () => {
    assert.deepEqual(ndrBody({ when: 'next', phone: ' ', note: '' }), {});
    assert.deepEqual(ndrBody({ when: '2026-11-30', phone: '98765 43210', note: ' Call first ' }), {
      preferredDate: '2026-11-30',
      phone: '98765 43210',
      note: 'Call first',
    });
  });
});
