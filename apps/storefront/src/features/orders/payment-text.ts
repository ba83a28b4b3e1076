/**
 * The order page's payment line (behaviour.md §10 "Cash on delivery"): paid, paid in cash on a
 * date once the courier collected it, to pay in cash on delivery, refused at the door, failed.
 */
import type { Order } from '@vastra/contracts';
import { formatDate } from './order-status';

/**
 * What the "Payment" box says of the order's payment status. A cancelled order that was never
 * paid owes nothing (behaviour.md §10), so it says so rather than asking for the money.
 */
export function paymentStatusText(
  order: Pick<Order, 'status' | 'paymentGateway' | 'paymentStatus' | 'paidAt'>,
): string {
  const cod = order.paymentGateway === 'cod';
  if (order.paymentStatus === 'completed') {
    return cod && order.paidAt ? `Paid in cash on ${formatDate(order.paidAt)}` : 'Paid';
  }
  if (order.paymentStatus === 'failed') return cod ? 'Not paid: refused at delivery' : 'Failed';
  if (order.status === 'cancelled') return 'Nothing to pay: the order was cancelled';
  return cod ? 'To pay in cash on delivery' : 'Not paid yet';
}
