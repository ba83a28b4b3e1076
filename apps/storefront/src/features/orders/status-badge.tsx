import { PARTLY_REFUNDED_LABEL, type OrderStatus, type ReturnStatus } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { TONE_CLASSES, orderStatusTone, returnStatusTone } from './order-status';

/**
 * An order's status as a coloured badge with its words (colour is never the only signal);
 * `label`: the order's own words (Order.statusLabel, e.g. "Partly returned and refunded"), written in the
 * page's language when they are the status's own or the partly refunded one.
 */
export function OrderStatusBadge({ status, label }: { status: OrderStatus; label?: string }) {
  const t = useTranslations('orders.status');
  return (
    <span
      data-testid="order-status"
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE_CLASSES[orderStatusTone(status)]}`}
    >
      {label === PARTLY_REFUNDED_LABEL ? t('partlyRefunded') : t(status)}
    </span>
  );
}

/** A return request's status as a badge. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const t = useTranslations('orders.returnStatus');
  return (
    <span
      data-testid="return-status"
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE_CLASSES[returnStatusTone(status)]}`}
    >
      {t(status)}
    </span>
  );
}
