import type { Order } from '@vastra/contracts';
import Link from 'next/link';
import { EmptyState } from '@/components/ui/empty-state';
import { MediaImage } from '@/components/ui/media-image';
import { formatCount, formatPrice } from '@/lib/format';
import { formatDate } from './order-status';
import { OrderStatusBadge } from './status-badge';

const buttonClass =
  'rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:opacity-50';

/** The paging of the orders list, as GET /orders/my-orders answers it. */
export type OrdersMeta = { currentPage: number; totalPages: number };

/** One page of the shopper's orders and its paging, as the server read it. */
export type OrdersPageData = { orders: Order[]; meta: OrdersMeta };

/**
 * /account/orders: the shopper's orders, newest first, each with its number, date, status,
 * pieces and total, linking to its detail; 'Failed to fetch orders' (or the API's message) with
 * a retry. `onPage` and `onRetry` are absent until the store is there: the buttons are disabled.
 */
export function OrdersListView({
  orders,
  meta,
  page,
  loading = false,
  error = null,
  onPage,
  onRetry,
}: {
  orders: readonly Order[];
  meta: OrdersMeta | null;
  page: number;
  loading?: boolean;
  error?: string | null;
  onPage?: (page: number) => void;
  onRetry?: () => void;
}) {
  return (
    <div>
      <p role="status" aria-live="polite" className="sr-only">
        {loading ? 'Loading your orders' : ''}
      </p>
      {error && (
        <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-medium">{error}</p>
          <button type="button" className={`mt-3 ${buttonClass}`} disabled={!onRetry} onClick={onRetry}>
            Try again
          </button>
        </div>
      )}
      {!loading && !error && meta && orders.length === 0 && (
        <EmptyState
          headingLevel="h2"
          heading="No orders yet"
          body="When you place an order, it shows up here."
          actions={[{ label: 'Start shopping', href: '/shop' }]}
        />
      )}
      {orders.length === 0 && loading && (
        <div aria-hidden="true" className="animate-pulse space-y-3">
          <div className="h-28 rounded-xl bg-stone-100" />
          <div className="h-28 rounded-xl bg-stone-100" />
        </div>
      )}
      <ul className="space-y-3" aria-label="Your orders">
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
                    {formatDate(order.createdAt)} · {formatCount(pieces, 'item')}
                  </p>
                  <p className="mt-1 truncate text-stone-600">{order.items.map((line) => line.name).join(', ')}</p>
                  <p className="mt-1 font-semibold text-stone-900 tabular-nums">{formatPrice(order.totalAmount)}</p>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
      {meta && meta.totalPages > 1 && (
        <nav aria-label="Order pages" className="mt-6 flex items-center justify-between gap-3">
          <button
            type="button"
            className={buttonClass}
            disabled={!onPage || page <= 1}
            onClick={onPage && (() => onPage(page - 1))}
          >
            Newer orders
          </button>
          <span className="text-sm text-stone-700">
            Page {meta.currentPage} of {meta.totalPages}
          </span>
          <button
            type="button"
            className={buttonClass}
            disabled={!onPage || page >= meta.totalPages}
            onClick={onPage && (() => onPage(page + 1))}
          >
            Older orders
          </button>
        </nav>
      )}
    </div>
  );
}
