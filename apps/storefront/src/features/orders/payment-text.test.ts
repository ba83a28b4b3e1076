import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTranslator } from 'next-intl';
import en from '@/i18n/messages/en';
import hi from '@/i18n/messages/hi';
import { shopDates } from '@/lib/shop-dates';
import { paymentStatusText as textIn } from './payment-text';

const texts = (locale: 'en' | 'hi') =>
  createTranslator({ locale, messages: locale === 'hi' ? hi : en, namespace: 'orders.payment' });
/** The line in English, as the English order page writes it. */
const paymentStatusText = (order: Parameters<typeof textIn>[0]) => textIn(order, texts('en'), shopDates('en'));

describe("the order page's payment line", () => {
  it('a cash on delivery order: to pay until delivered, then paid in cash with the date', () => {
    assert.equal(
      paymentStatusText({ status: 'placed', paymentGateway: 'cod', paymentStatus: 'pending', paidAt: null }),
      'To pay in cash on delivery',
    );
    assert.equal(
      paymentStatusText({
        status: 'placed',
        paymentGateway: 'cod',
        paymentStatus: 'completed',
        paidAt: '2026-11-27T06:30:00.000Z',
      }),
      'Paid in cash on 27 Nov 2026',
    );
    assert.equal(
      paymentStatusText({ status: 'placed', paymentGateway: 'cod', paymentStatus: 'failed', paidAt: null }),
      'Not paid: refused at delivery',
    );
  });

  it('a cancelled order never paid owes nothing, cash on delivery or online', () => {
    for (const paymentGateway of ['cod', 'phonepe'] as const) {
      assert.equal(
        paymentStatusText({ status: 'cancelled', paymentGateway, paymentStatus: 'pending', paidAt: null }),
        'Nothing to pay: the order was cancelled',
      );
    }
    assert.equal(
      paymentStatusText({ status: 'cancelled', paymentGateway: 'cod', paymentStatus: 'failed', paidAt: null }),
      'Not paid: refused at delivery',
    );
  });

  it('an online order: paid, failed or not paid yet', () => {
    assert.equal(
      paymentStatusText({ status: 'placed', paymentGateway: 'sandbox', paymentStatus: 'completed', paidAt: null }),
      'Paid',
    );
    assert.equal(
      paymentStatusText({ status: 'placed', paymentGateway: 'phonepe', paymentStatus: 'failed', paidAt: null }),
      'Failed',
    );
    assert.equal(
      paymentStatusText({ status: 'placed', paymentGateway: 'phonepe', paymentStatus: 'pending', paidAt: null }),
      'Not paid yet',
    );
  });

  it('in Hindi: the words and the month in Hindi, the date in Western digits', () => {
    const order = {
      status: 'delivered',
      paymentGateway: 'cod',
      paymentStatus: 'completed',
      paidAt: '2026-11-27T06:30:00.000Z',
    } as const;
    assert.equal(textIn(order, texts('hi'), shopDates('hi')), '27 नव॰ 2026 को नकद चुकाया');
  });
});
