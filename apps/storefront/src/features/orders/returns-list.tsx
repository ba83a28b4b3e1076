import { RETURN_REASON_LABELS, type ReturnRequest } from '@vastra/contracts';
import { Link } from '@/i18n/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { formatPrice } from '@/lib/format';
import { formatDate } from './order-status';
import { ReturnStatusBadge } from './status-badge';

/**
 * /account/returns: every return request of the shopper, newest first, with its status badge,
 * order number, items and refund, linking to the order. Rendered on the server from its read
 * (the page announces a failed read with a retry).
 */
export function ReturnsList({ returns }: { returns: readonly ReturnRequest[] }) {
  return (
    <div>
      {returns.length === 0 && (
        <EmptyState
          headingLevel="h2"
          heading="No returns"
          body="Items you send back show up here with where their refund stands."
          actions={[{ label: 'Your orders', href: '/account/orders' }]}
        />
      )}
      <ul className="space-y-3" aria-label="Your returns">
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
              {formatDate(request.createdAt)} · {request.kind === 'full' ? 'Whole order' : 'Some items'} ·{' '}
              {RETURN_REASON_LABELS[request.reason]}
            </p>
            <ul className="mt-2 text-stone-800">
              {request.items.map((item) => (
                <li key={item.orderItemId}>
                  {item.name} (size {item.size}) × {item.quantity}
                </li>
              ))}
            </ul>
            <p className="mt-2 font-semibold text-stone-900">Refund {formatPrice(request.refundAmount)}</p>
            {request.decisionNote && <p className="mt-1 text-stone-700">{request.decisionNote}</p>}
          </li>
        ))}
      </ul>
    </div>
  );
}
