import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PRIVACY_NOTICE_VERSION, type Consents } from '@vastra/contracts';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { PublicConfigProvider } from '@/lib/public-config';
import { withIntl } from '@/test-support/intl';
import { ConsentChoices } from './consent-choices';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

/**
 * The account page's "Privacy and consent" switches (docs/behaviour.md "Consent and the privacy
 * notice"): each optional purpose, price drops on the wishlist among them, with its state and
 * one button; off until given.
 */
const render = (current: Consents['current'], locale: 'en' | 'hi' = 'en') =>
  renderToStaticMarkup(
    withIntl(
      <PublicConfigProvider value={{ apiUrl: 'http://api.test', googleClientId: null, nonce: null }}>
        <ConsentChoices initial={current} />
      </PublicConfigProvider>,
      locale,
    ),
  );

const given = (purpose: Consents['current'][number]['purpose']): Consents['current'][number] => ({
  purpose,
  action: 'given',
  noticeVersion: PRIVACY_NOTICE_VERSION,
  channel: 'web',
  at: '2026-11-20T10:00:00.000Z',
  given: true,
});

describe('the consent switches', () => {
  it('shows price drops on the wishlist as its own switch, off until the shopper turns it on', () => {
    const off = render([given('account'), given('cart_reminders')]);
    assert.match(off, /aria-label="Turn on: Price drops on your wishlist by email"/);
    assert.match(off, /aria-label="Withdraw: Cart reminders by email"/);
    const on = render([given('account'), given('price_alerts')]);
    assert.match(on, /aria-label="Withdraw: Price drops on your wishlist by email"/);
    assert.match(on, /Price drops on your wishlist by email<\/span><span class="text-stone-600">On since/);
  });

  it('in Hindi on a Hindi page', () => {
    const html = render([given('account')], 'hi');
    assert.ok(html.includes('ईमेल से आपकी विशलिस्ट पर दाम घटने की सूचना'));
    assert.doesNotMatch(html, /Price drops/);
  });
});
