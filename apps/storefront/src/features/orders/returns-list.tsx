import type { ReturnRequest } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { formatPrice } from '@/lib/format';
import { shopDates } from '@/lib/shop-dates';
import { ReturnStatusBadge } from './status-badge';

/**
 * /account/returns: every return request of the shopper, newest first, with its status badge,
 * order number, items and refund, linking to the order. Rendered on the server from its read
 * (the page announces a failed read with a retry).
 */
export function ReturnsList({ returns }: { returns: readonly ReturnRequest[] }) {
  const t = useTranslations('orders');
  const dates = shopDates(useLocale());
  return (
    <div>
      {returns.length === 0 && (
        <EmptyState
          headingLevel="h2"
          heading={t('returns.emptyHeading')}
          body={t('returns.emptyBody')}
          actions={[{ label: t('returns.yourOrders'), href: '/account/orders' }]}
        />
      )}
      <ul className="space-y-3" aria-label={t('returns.label')}>
        {returns.map((request) => (
          <li key={request.id} data-testid="return-row" className="rounded-xl border border-stone-200 p-4 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link
                href={`/account/orders/${request.orderId}`}
                className="font-mono font-semibold text-stone-900 hover:underline"
              >
                {request.orderNumber}
              </Link>
              <ReturnStatusBadge status={request.status} />
            </div>
            <p className="mt-1 text-stone-700">
              {dates.date(request.createdAt)} · {request.kind === 'full' ? t('returns.whole') : t('returns.some')} ·{' '}
              {t(`reason.${request.reason}`)}
            </p>
            <ul className="mt-2 text-stone-800">
              {request.items.map((item) => (
                <li key={item.orderItemId}>
                  {t('returns.item', { name: item.name, size: item.size, quantity: item.quantity })}
                </li>
              ))}
            </ul>
            <p className="mt-2 font-semibold text-stone-900">
              {t('returns.refund', { amount: formatPrice(request.refundAmount) })}
            </p>
            {request.decisionNote && <p className="mt-1 text-stone-700">{request.decisionNote}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
