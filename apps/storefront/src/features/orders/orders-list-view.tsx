import type { Order } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { MediaImage } from '@/components/ui/media-image';
import { formatPrice } from '@/lib/format';
import { ordersPageHref } from '@/lib/orders-page-size';
import { shopDates } from '@/lib/shop-dates';
import { OrderStatusBadge } from './status-badge';

const buttonClass =
  'rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:border-stone-900';

/** The paging of the orders list, as GET /orders/my-orders answers it. */
export type OrdersMeta = { currentPage: number; totalPages: number };

/**
 * /account/orders: one page of the shopper's orders, newest first, each with its number, date,
 * status, pieces and total, linking to its detail; "Newer orders" and "Older orders" link to the
 * pages beside it (/account/orders?page=2, read on the server). No JavaScript of its own.
 */
export function OrdersListView({ orders, meta }: { orders: readonly Order[]; meta: OrdersMeta }) {
  const t = useTranslations('orders.list');
  const dates = shopDates(useLocale());
  const page = meta.currentPage;
  return (
    <div>
      {orders.length === 0 &&
        (page <= 1 || meta.totalPages === 0 ? (
          <EmptyState
            headingLevel="h2"
            heading={t('emptyHeading')}
            body={t('emptyBody')}
            actions={[{ label: t('startShopping'), href: '/shop' }]}
          />
        ) : (
          <EmptyState
            headingLevel="h2"
            heading={t('pageEmptyHeading')}
            body={t('pageEmptyBody', { count: meta.totalPages })}
            actions={[{ label: t('latest'), href: ordersPageHref(1) }]}
          />
        ))}
      <ul className="space-y-3" aria-label={t('label')}>
        {orders.map((order) => {
          const pieces = order.items.reduce((n, line) => n + line.quantity, 0);
          return (
            <li key={order.id} data-testid="order-row">
              <Link
                href={`/account/orders/${order.id}`}
                className="flex gap-3 rounded-xl border border-stone-200 p-4 hover:border-stone-400 focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <div className="relative aspect-[3/4] w-14 shrink-0 overflow-hidden rounded bg-stone-100">
                  <MediaImage url={order.items[0]?.image ?? null} alt="" sizes="56px" />
                </div>
                <div className="min-w-0 flex-1 text-sm">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-mono font-semibold text-stone-900">{order.orderNumber}</span>
                    <OrderStatusBadge status={order.status} label={order.statusLabel} />
                  </div>
                  <p className="mt-1 text-stone-700">
                    {dates.date(order.createdAt)} · {t('items', { count: pieces })}
                  </p>
                  <p className="mt-1 truncate text-stone-600">{order.items.map((line) => line.name).join(', ')}</p>
                  <p className="mt-1 font-semibold text-stone-900 tabular-nums">{formatPrice(order.totalAmount)}</p>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
      {meta.totalPages > 1 && page <= meta.totalPages && (
        <nav aria-label={t('pages')} className="mt-6 flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link href={ordersPageHref(page - 1)} className={buttonClass}>
              {t('newer')}
            </Link>
          ) : (
            <span aria-hidden="true" className={`invisible ${buttonClass}`}>
              {t('newer')}
            </span>
          )}
          <span className="text-sm text-stone-700">{t('pageOf', { page, total: meta.totalPages })}</span>
          {page < meta.totalPages ? (
            <Link href={ordersPageHref(page + 1)} className={buttonClass}>
              {t('older')}
            </Link>
          ) : (
            <span aria-hidden="true" className={`invisible ${buttonClass}`}>
              {t('older')}
            </span>
          )}
        </nav>
      )}
    </div>
  );
}
