import type { OrderStatus, ReturnStatus } from '@vastra/contracts';
import { TONE_CLASSES, orderStatusLabel, orderStatusTone, returnStatusLabel, returnStatusTone } from './order-status';

/**
 * An order's status as a coloured badge with its words (colour is never the only signal);
 * `label`: the order's own words (Order.statusLabel, e.g. "Partly returned and refunded").
 */
export function OrderStatusBadge({ status, label }: { status: OrderStatus; label?: string }) {
  return (
    <span
      data-testid="order-status"
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE_CLASSES[orderStatusTone(status)]}`}
    >
      {label ?? orderStatusLabel(status)}
    </span>
  );
}

/** A return request's status as a badge. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span
      data-testid="return-status"
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE_CLASSES[returnStatusTone(status)]}`}
    >
      {returnStatusLabel(status)}
    </span>
  );
}
