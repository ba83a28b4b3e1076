/**
 * The order page's payment line (behaviour.md §10 "Cash on delivery"): paid, paid in cash on a
 * date once the courier collected it, to pay in cash on delivery, refused at the door, failed.
 */
import type { Order } from '@vastra/contracts';
import type { ShopDates } from '@/lib/shop-dates';

/** The keys of orders.payment's messages. */
type PaymentKey = 'paidInCash' | 'paid' | 'refusedAtDelivery' | 'failed' | 'nothingToPay' | 'toPayCod' | 'notPaidYet';
/** next-intl's translator of orders.payment. */
export type PaymentTexts = (key: PaymentKey, values?: Record<string, string>) => string;

/**
 * What the "Payment" box says of the order's payment status. A cancelled order that was never
 * paid owes nothing (behaviour.md §10), so it says so rather than asking for the money. In the language of `t`, its day written by `dates`.
 */
export function paymentStatusText(
  order: Pick<Order, 'status' | 'paymentGateway' | 'paymentStatus' | 'paidAt'>,
  t: PaymentTexts,
  dates: Pick<ShopDates, 'date'>,
): string {
  const cod = order.paymentGateway === 'cod';
  if (order.paymentStatus === 'completed') {
    return cod && order.paidAt ? t('paidInCash', { date: dates.date(order.paidAt) }) : t('paid');
  }
  if (order.paymentStatus === 'failed') return cod ? t('refusedAtDelivery') : t('failed');
  if (order.status === 'cancelled') return t('nothingToPay');
  return cod ? t('toPayCod') : t('notPaidYet');
}
