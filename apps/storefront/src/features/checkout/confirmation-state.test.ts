import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTranslator } from 'next-intl';
import en from '@/i18n/messages/en';
import hi from '@/i18n/messages/hi';
import { confirmationState as stateIn, type ConfirmationTexts } from './confirmation-state';

const order = { paymentExpiresAt: '2026-01-05T10:30:00.000Z' };

const texts = (locale: 'en' | 'hi'): ConfirmationTexts =>
  createTranslator({ locale, messages: locale === 'hi' ? hi : en, namespace: 'checkout.confirmation' });
const time = (locale: string) => (at: Date) =>
  new Intl.DateTimeFormat(`${locale}-IN`, { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(at);
const confirmationState = (payment: Parameters<typeof stateIn>[0], of: Parameters<typeof stateIn>[1]) =>
  stateIn(payment, of, texts('en'), time('en'));

describe('what the confirmation says (behaviour.md §4 paymentStatus)', () => {
  it('completed: payment received, nothing to do but wait for the parcel', () => {
    const view = confirmationState({ paymentStatus: 'completed', paymentGateway: 'sandbox', paymentUrl: null }, order);
    assert.equal(view.heading, 'Payment received');
    assert.equal(view.payableLabel, 'Amount paid');
    assert.equal(view.paymentUrl, null);
    assert.equal(view.canRetry, false);
    assert.deepEqual(view.next('asha@example.com', '₹ 1,299', 2), [
      'A confirmation email is on its way to asha@example.com.',
      'We pack and ship your order within 2 working days and email you the tracking details.',
    ]);
  });

  it('failed: the items are released and the shopper can try again', () => {
    const view = confirmationState({ paymentStatus: 'failed', paymentGateway: 'sandbox', paymentUrl: null }, order);
    assert.equal(view.heading, 'Payment failed');
    assert.match(view.text, /items have been released/);
    assert.equal(view.canRetry, true);
    assert.equal(view.tone, 'error');
  });

  it('pending online: waiting, with the way back to the payment page and when the order lapses', () => {
    const url = 'http://localhost:9000/payments/sandbox/m1';
    const view = confirmationState({ paymentStatus: 'pending', paymentGateway: 'sandbox', paymentUrl: url }, order);
    assert.equal(view.heading, 'Waiting for payment');
    assert.equal(view.paymentUrl, url);
    // 10:30 UTC is 4:00 pm in India.
    assert.match(view.next('asha@example.com', '₹ 1', 2)[1]!, /not paid by 4:00\s?pm is cancelled/i);
  });

  it('cash on delivery: placed, paid on delivery', () => {
    const view = confirmationState({ paymentStatus: 'pending', paymentGateway: 'cod', paymentUrl: null }, order);
    assert.equal(view.heading, 'Order placed');
    assert.equal(view.payableLabel, 'To pay on delivery');
    assert.equal(view.paymentUrl, null);
    assert.match(view.next('asha@example.com', '₹ 1,299', 2)[2]!, /pay ₹ 1,299 in cash or by UPI/);
  });

  it('cash on delivery held for confirmation: asks the shopper to confirm from the link (behaviour.md "COD confirmation")', () => {
    const held = { ...order, status: 'awaiting_confirmation' as const };
    const view = confirmationState({ paymentStatus: 'pending', paymentGateway: 'cod', paymentUrl: null }, held);
    assert.equal(view.heading, 'Please confirm your order');
    assert.equal(view.tone, 'waiting');
    assert.deepEqual(view.next('asha@example.com', '₹ 2,598', 2), [
      'We have sent the confirmation link to asha@example.com, and by WhatsApp or SMS to your mobile number.',
      'An order not confirmed in time is cancelled.',
    ]);
  });

  it('a shopper signed up by mobile number, without an email, is promised no mail', () => {
    const view = confirmationState({ paymentStatus: 'pending', paymentGateway: 'cod', paymentUrl: null }, order);
    const next = view.next(null, '₹ 1,299', 2);
    assert.equal(next.length, 2);
    assert.ok(!next.some((line) => /email/i.test(line)), 'no mail promised');
    assert.match(next[1]!, /pay ₹ 1,299 in cash or by UPI/);
  });

  it('in Hindi: the same states in Hindi, the hour in Western digits', () => {
    const view = stateIn(
      { paymentStatus: 'pending', paymentGateway: 'sandbox', paymentUrl: null },
      order,
      texts('hi'),
      time('hi'),
    );
    assert.equal(view.heading, 'भुगतान का इंतज़ार है');
    assert.match(view.next('asha@example.com', '₹ 1', 2)[1]!, /^4:00 pm तक भुगतान न होने पर ऑर्डर रद्द/);
  });
});
