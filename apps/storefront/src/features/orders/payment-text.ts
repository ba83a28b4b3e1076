/**
 * The order page's payment line (behaviour.md §10 "Cash on delivery"): paid, paid in cash on a
 * date once the courier collected it, to pay in cash on delivery, refused at the door, failed.
 */
import type { Order } from '@vastra/contracts';
import { formatDate } from './order-status';

/** What the "Payment" box says of the order's payment status. */
export function paymentStatusText(order: Pick<Order, 'paymentGateway' | 'paymentStatus' | 'paidAt'>): string {
  const cod = order.paymentGateway === 'cod';
  if (order.paymentStatus === 'completed') {
    return cod && order.paidAt ? `Paid in cash on ${formatDate(order.paidAt)}` : 'Paid';
  }
  if (order.paymentStatus === 'failed') return cod ? 'Not paid: refused at delivery' : 'Failed';
  return cod ? 'To pay in cash on delivery' : 'Not paid yet';
}
