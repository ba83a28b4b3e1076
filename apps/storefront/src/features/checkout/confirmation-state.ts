import type { Order, PaymentStatusResult } from '@vastra/contracts';
import type English from '@/i18n/messages/en';

/**
 * What the order confirmation says for each state of the payment (behaviour.md §4 paymentStatus): completed,
 * failed, pending online (waiting for the gateway, with the way back to its page) and cash on
 * delivery (pending until delivery, yet the order is placed; or held until the shopper confirms it).
 */

/** How often a pending online payment's status is asked for. */
export const PAYMENT_STATUS_POLL_MS = 2000;
/** Working days within which an order is packed and handed to the courier (what the store promises). */
export const SHIPS_WITHIN_DAYS = 2;

export type ConfirmationView = {
  tone: 'success' | 'error' | 'waiting';
  heading: string;
  text: string;
  /** The gateway's page to go back to while the payment is pending, else null. */
  paymentUrl: string | null;
  /** A failed payment released the items: the shopper may put them back in the cart and pay again. */
  canRetry: boolean;
  /** The label of the last figure: what was paid, what is to pay, or what is to pay on delivery. */
  payableLabel: string;
  /**
   * What happens next, given the shopper's email (null for an account made with a mobile number:
   * no mail is promised), the amount to pay (formatted) and the shipping days.
   */
  next: (email: string | null, amount: string, days: number) => string[];
};

/** The keys of checkout.confirmation's messages. */
type ConfirmationKey = keyof (typeof English)['checkout']['confirmation'];
/** next-intl's translator of checkout.confirmation (useTranslations('checkout.confirmation')). */
export type ConfirmationTexts = (key: ConfirmationKey, values?: Record<string, string | number>) => string;

/**
 * The confirmation's texts for the payment's state, in the language of `t`; `time` writes the
 * hour an unpaid order lapses ("4:00 pm" in India's time).
 */
/** The mail line, or none for a shopper without an email. */
const mailLine = (email: string | null, line: (email: string) => string): string[] => (email ? [line(email)] : []);

export function confirmationState(
  payment: Pick<PaymentStatusResult, 'paymentStatus' | 'paymentGateway' | 'paymentUrl'>,
  order: Pick<Order, 'paymentExpiresAt'> & { status?: Order['status'] },
  t: ConfirmationTexts,
  time: (at: Date) => string,
): ConfirmationView {
  // Without an email the tracking details are on the order's page, not mailed.
  const shippingFor = (email: string | null, days: number) =>
    email ? t('shipping', { days }) : t('shippingNoEmail', { days });
  if (payment.paymentStatus === 'completed') {
    return {
      tone: 'success',
      heading: t('completedHeading'),
      text: t('completedText'),
      paymentUrl: null,
      canRetry: false,
      payableLabel: t('amountPaid'),
      next: (email, _amount, days) => [
        ...mailLine(email, (to) => t('emailOnItsWay', { email: to })),
        shippingFor(email, days),
      ],
    };
  }
  if (payment.paymentStatus === 'failed') {
    return {
      tone: 'error',
      heading: t('failedHeading'),
      text: t('failedText'),
      paymentUrl: null,
      canRetry: true,
      payableLabel: t('amountPayable'),
      next: () => [t('failedRetry'), t('failedCodes')],
    };
  }
  // A large cash on delivery order waits for the shopper's confirmation (behaviour.md "COD confirmation").
  if (payment.paymentGateway === 'cod' && order.status === 'awaiting_confirmation') {
    return {
      tone: 'waiting',
      heading: t('codHoldHeading'),
      text: t('codHoldText'),
      paymentUrl: null,
      canRetry: false,
      payableLabel: t('toPayOnDelivery'),
      next: (email) => [...mailLine(email, (to) => t('codHoldMail', { email: to })), t('codHoldExpiry')],
    };
  }
  if (payment.paymentGateway === 'cod') {
    return {
      tone: 'success',
      heading: t('codHeading'),
      text: t('codText'),
      paymentUrl: null,
      canRetry: false,
      payableLabel: t('toPayOnDelivery'),
      next: (email, amount, days) => [
        ...mailLine(email, (to) => t('emailOnItsWay', { email: to })),
        shippingFor(email, days),
        t('codPay', { amount }),
      ],
    };
  }
  return {
    tone: 'waiting',
    heading: t('waitingHeading'),
    text: t('waitingText'),
    paymentUrl: payment.paymentUrl,
    canRetry: false,
    payableLabel: t('amountPayable'),
    next: (email) => [
      ...mailLine(email, (to) => t('waitingEmail', { email: to })),
      order.paymentExpiresAt ? t('unpaidBy', { time: time(new Date(order.paymentExpiresAt)) }) : t('unpaidLater'),
    ],
  };
}
