import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PRIVACY_NOTICE_VERSION } from '@vastra/contracts';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { withIntl } from '@/test-support/intl';
import { CartRemindersBox } from './cart-reminders-box';
import { PrivacyNotice } from './privacy-notice';

// tsx compiles this JSX with the classic runtime, which looks React up globally.
Object.assign(globalThis, { React });

/**
 * The privacy notice at sign-up, first sign-in and checkout, and the cart reminders box beside it
 * (docs/behaviour.md "Consent and the privacy notice"): what, why, how long, rights and the
 * Board, the policy link and the version the action accepts, in English and Hindi; the box never
 * pre-ticked.
 */
describe('the privacy notice', () => {
  it('says what, why, how long, the rights and the Board, links the policy and names the version taken', () => {
    const signUp = renderToStaticMarkup(withIntl(<PrivacyNotice moment="signUp" />));
    assert.match(signUp, /What we collect: your name, email or mobile number, delivery addresses/);
    assert.match(signUp, /invoices GST law requires/);
    assert.match(signUp, /How long:/);
    assert.match(signUp, /Data Protection Board of India/);
    assert.match(signUp, /href="\/policies\/privacy"/);
    assert.ok(signUp.includes(`By creating an account you accept this notice (version ${PRIVACY_NOTICE_VERSION}).`));
    const checkout = renderToStaticMarkup(withIntl(<PrivacyNotice moment="checkout" />));
    assert.ok(checkout.includes(`By placing the order you accept this notice (version ${PRIVACY_NOTICE_VERSION}).`));
    const signIn = renderToStaticMarkup(withIntl(<PrivacyNotice moment="signIn" />));
    assert.match(signIn, /Signing in for the first time creates an account/);
  });

  it('in Hindi on a Hindi page, with the Hindi policy link', () => {
    const html = renderToStaticMarkup(withIntl(<PrivacyNotice moment="checkout" />, 'hi'));
    assert.match(html, /आपका डेटा और आपकी सहमति/);
    assert.match(html, /डेटा संरक्षण बोर्ड/);
    assert.ok(html.includes(`ऑर्डर देकर आप यह सूचना (संस्करण ${PRIVACY_NOTICE_VERSION}) स्वीकार करते हैं।`));
    assert.match(html, /href="\/hi\/policies\/privacy"/);
    assert.doesNotMatch(html, /What we collect/);
  });

  it('the cart reminders box is unticked until the shopper ticks it', () => {
    const unticked = renderToStaticMarkup(withIntl(<CartRemindersBox checked={false} onChange={() => {}} />));
    assert.match(unticked, /Remind me by mail if I leave something in my bag/);
    assert.doesNotMatch(unticked, /checked/);
    const ticked = renderToStaticMarkup(withIntl(<CartRemindersBox checked onChange={() => {}} />));
    assert.match(ticked, /checked=""/);
  });
});
