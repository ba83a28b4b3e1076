import type { Order, PaymentStatusResult } from '@vastra/contracts';

/**
 * What the order confirmation says for each state of the payment (behaviour.md §4 paymentStatus): completed,
 * failed, pending online (waiting for the gateway, with the way back to its page) and cash on
 * delivery (pending until delivery, yet the order is placed).
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
  /** What happens next, given the shopper's email, the amount to pay (formatted) and the shipping days. */
  next: (email: string, amount: string, days: number) => string[];
};

const shipping = (days: number) =>
  `We pack and ship your order within ${days} working days and email you the tracking details.`;

const time = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(
    new Date(iso),
  );

export function confirmationState(
  payment: Pick<PaymentStatusResult, 'paymentStatus' | 'paymentGateway' | 'paymentUrl'>,
  order: Pick<Order, 'paymentExpiresAt'>,
): ConfirmationView {
  if (payment.paymentStatus === 'completed') {
    return {
      tone: 'success',
      heading: 'Payment received',
      text: 'Thank you! Your payment is received and your order is confirmed.',
      paymentUrl: null,
      canRetry: false,
      payableLabel: 'Amount paid',
      next: (email, _amount, days) => [`A confirmation email is on its way to ${email}.`, shipping(days)],
    };
  }
  if (payment.paymentStatus === 'failed') {
    return {
      tone: 'error',
      heading: 'Payment failed',
      text: 'The payment did not go through, so the items have been released. You can try again.',
      paymentUrl: null,
      canRetry: true,
      payableLabel: 'Amount payable',
      next: () => [
        'Try again puts the items back in your cart, if they are still in stock, and takes you to checkout.',
        'A coupon or gift card used on this order can be used again.',
      ],
    };
  }
  if (payment.paymentGateway === 'cod') {
    return {
      tone: 'success',
      heading: 'Order placed',
      text: 'Thank you! Your order is confirmed. You pay when it arrives.',
      paymentUrl: null,
      canRetry: false,
      payableLabel: 'To pay on delivery',
      next: (email, amount, days) => [
        `A confirmation email is on its way to ${email}.`,
        shipping(days),
        `Cash on delivery: pay ${amount} in cash or by UPI when the order arrives.`,
      ],
    };
  }
  return {
    tone: 'waiting',
    heading: 'Waiting for payment',
    text: 'We are waiting for the payment to be confirmed. This page updates by itself.',
    paymentUrl: payment.paymentUrl,
    canRetry: false,
    payableLabel: 'Amount payable',
    next: (email) => [
      `Once the payment is confirmed, we email a confirmation to ${email}.`,
      order.paymentExpiresAt
        ? `An order not paid by ${time(order.paymentExpiresAt)} is cancelled and its items released.`
        : 'An order left unpaid is cancelled after a while and its items released.',
    ],
  };
}
