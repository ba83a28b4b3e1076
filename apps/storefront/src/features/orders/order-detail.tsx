'use client';

import { ORDER_MESSAGES, RETURN_REASON_LABELS, type Order } from '@vastra/contracts';
import Link from 'next/link';
import { notFound, useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { OrderTotals, orderFigures } from '@/components/order-totals';
import { MediaImage } from '@/components/ui/media-image';
import { formatCount, formatPrice } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { fetchOrder, loadInvoice, removeOrder } from '@/lib/store/orders-slice';
import { CancelOrderDialog } from './cancel-dialog';
import { formatDate, formatDateTime } from './order-status';
import { OrderTimeline } from './order-timeline';
import { paymentStatusText } from './payment-text';
import { OrderStatusBadge, ReturnStatusBadge } from './status-badge';
import { TrackingPanel } from './tracking-panel';

const PAYMENT_LABELS: Record<Order['paymentGateway'], string> = {
  sandbox: 'Online (test gateway)',
  phonepe: 'PhonePe',
  cod: 'Cash on delivery',
};
const REFUND_METHOD_LABELS = {
  gateway: 'To your payment method',
  gift_card: 'To your gift card',
  manual: 'By the store',
};
const secondaryButton =
  'rounded-md border border-stone-300 bg-white px-4 py-2.5 text-center text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:cursor-wait disabled:opacity-60';

/** Saves a downloaded file under its name (a link click with `download`, which every browser honours). */
function saveFile(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /account/orders/{id}: the order in full for its owner (behaviour.md §7 Orders): status, what the shopper
 * may do now (download the invoice, cancel with a reason, return items, remove a failed or
 * cancelled order), the items with their GST lines, totals, address, payment and refunds, the
 * timeline and, once shipped, the tracking panel. The kept copy shows at once and the API is
 * asked again; someone else's order is a 404 page.
 */
export function OrderDetail({ orderId }: { orderId: string }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const order = useAppSelector((state) => state.orders.byId[orderId] ?? null);
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const [round, setRound] = useState(0);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void dispatch(fetchOrder(orderId)).then((result) => {
      if (!current) return;
      if (fetchOrder.rejected.match(result)) {
        if (result.payload === ORDER_MESSAGES.notFound) setMissing(true);
        else setError(result.payload ?? ORDER_MESSAGES.details);
      } else setError(null);
    });
    return () => {
      current = false;
    };
  }, [dispatch, orderId, round]);

  if (missing) notFound();
  if (!order) {
    if (error) {
      return (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-medium">{error}</p>
          <button type="button" className={`mt-3 ${secondaryButton}`} onClick={() => setRound((n) => n + 1)}>
            Try again
          </button>
        </div>
      );
    }
    return <div aria-hidden="true" className="h-96 animate-pulse rounded-xl bg-stone-100" />;
  }

  const downloadInvoice = async () => {
    setInvoiceBusy(true);
    setActionError(null);
    try {
      const file = await dispatch(loadInvoice(order.id));
      saveFile(file.blob, file.filename ?? `invoice-${order.id}.pdf`);
    } catch (failure) {
      setActionError(failure instanceof Error ? failure.message : ORDER_MESSAGES.invoice);
    } finally {
      setInvoiceBusy(false);
    }
  };

  const remove = async () => {
    if (!window.confirm(`Remove order ${order.orderNumber} from your orders?`)) return;
    setDeleting(true);
    setActionError(null);
    const result = await dispatch(removeOrder(order.id));
    setDeleting(false);
    if (removeOrder.fulfilled.match(result)) {
      toast.success(result.payload.message);
      router.push('/account/orders');
    } else setActionError(result.payload ?? ORDER_MESSAGES.delete);
  };

  const pieces = order.items.reduce((n, line) => n + line.quantity, 0);
  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-stone-200 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-stone-700">
            Order{' '}
            <span className="font-mono font-semibold text-stone-900" data-testid="order-number">
              {order.orderNumber}
            </span>
          </p>
          <div role="status" aria-live="polite">
            <span className="sr-only">Status: </span>
            <OrderStatusBadge status={order.status} label={order.statusLabel} />
          </div>
        </div>
        <p className="mt-1 text-sm text-stone-600">
          Placed on {formatDateTime(order.createdAt)} · {formatCount(pieces, 'item')}
        </p>
        {order.cancelReason && (
          <p className="mt-2 text-sm text-stone-700">
            Cancelled:{' '}
            <span className="text-stone-900" data-testid="cancel-reason">
              {order.cancelReason}
            </span>
          </p>
        )}
        {order.returnableUntil && order.canReturn && (
          <p className="mt-2 text-sm text-stone-700">Return by {formatDate(order.returnableUntil)}</p>
        )}
        <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          {order.canReturn && (
            <Link
              href={`/account/orders/${order.id}/return`}
              className="rounded-md bg-brand-700 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-800"
            >
              Return items
            </Link>
          )}
          {order.invoiceAvailable && (
            <button
              type="button"
              className={secondaryButton}
              disabled={invoiceBusy}
              onClick={() => void downloadInvoice()}
            >
              {invoiceBusy ? 'Preparing the invoice…' : 'Download invoice'}
            </button>
          )}
          {order.canCancel && (
            <button type="button" className={secondaryButton} onClick={() => setCancelOpen(true)}>
              Cancel order
            </button>
          )}
          {order.canDelete && (
            <button type="button" className={secondaryButton} disabled={deleting} onClick={() => void remove()}>
              {deleting ? 'Removing…' : 'Remove from my orders'}
            </button>
          )}
        </div>
        <div aria-live="polite" aria-atomic="true">
          {actionError && (
            <p
              role="alert"
              className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
            >
              {actionError}
            </p>
          )}
        </div>
      </div>

      {order.returnRequest && (
        <section aria-labelledby="order-return" className="rounded-xl border border-stone-200 p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="order-return" className="font-semibold text-stone-900">
              Return ({order.returnRequest.kind === 'full' ? 'whole order' : 'some items'})
            </h2>
            <ReturnStatusBadge status={order.returnRequest.status} />
          </div>
          <p className="mt-1 text-stone-700">
            {RETURN_REASON_LABELS[order.returnRequest.reason]} · refund {formatPrice(order.returnRequest.refundAmount)}
          </p>
          <ul className="mt-2 list-disc pl-5 text-stone-700">
            {order.returnRequest.items.map((item) => (
              <li key={item.orderItemId}>
                {item.name} (size {item.size}) × {item.quantity}
              </li>
            ))}
          </ul>
          {order.returnRequest.decisionNote && (
            <p className="mt-2 text-stone-700">{order.returnRequest.decisionNote}</p>
          )}
          {order.returnRequest.creditNoteUrl && (
            <a
              href={order.returnRequest.creditNoteUrl}
              className="mt-2 inline-block font-medium text-brand-700 hover:underline"
            >
              Credit note (PDF)
            </a>
          )}
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-6">
          <section aria-labelledby="order-items">
            <h2 id="order-items" className="text-lg font-semibold text-stone-900">
              Items
            </h2>
            <ul className="divide-y divide-stone-200">
              {order.items.map((line) => (
                <li key={line.id} data-testid="order-line" className="flex gap-3 py-3">
                  <div className="relative aspect-[3/4] w-14 shrink-0 overflow-hidden rounded bg-stone-100">
                    <MediaImage url={line.image} alt="" sizes="56px" />
                  </div>
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="truncate font-semibold text-stone-900">{line.brand}</p>
                    <Link
                      href={`/shop/product/${line.productId}`}
                      className="line-clamp-2 text-stone-700 hover:underline"
                    >
                      {line.name}
                    </Link>
                    <p className="mt-0.5 text-stone-600">
                      Size {line.size} · {line.color} · Qty {line.quantity}
                    </p>
                    <p className="text-xs text-stone-600">
                      HSN {line.hsnCode} · GST {line.taxRate}% {formatPrice(line.tax)}
                      {!line.returnable && ' · Not returnable'}
                    </p>
                    {line.returnedQuantity > 0 && (
                      <p className="text-xs font-medium text-emerald-800" data-testid="line-returned">
                        {line.returnedQuantity === line.quantity ? 'Returned' : `${line.returnedQuantity} returned`} and
                        refunded
                      </p>
                    )}
                  </div>
                  <p className="shrink-0 text-right text-sm font-semibold text-stone-900 tabular-nums">
                    {formatPrice(line.total)}
                  </p>
                </li>
              ))}
            </ul>
            <div className="mt-2 border-t border-stone-200 pt-4">
              <OrderTotals
                figures={orderFigures(order, order.paymentStatus === 'completed' ? 'Amount paid' : 'Amount payable')}
              />
            </div>
          </section>
          <section aria-labelledby="order-timeline">
            <h2 id="order-timeline" className="mb-3 text-lg font-semibold text-stone-900">
              Timeline
            </h2>
            <OrderTimeline events={order.timeline} />
          </section>
        </div>

        <div className="space-y-6">
          {order.shipment && <TrackingPanel orderId={order.id} version={order.updatedAt} />}
          <section aria-labelledby="order-address" className="rounded-xl border border-stone-200 p-4 text-sm">
            <h2 id="order-address" className="font-semibold text-stone-900">
              Delivery address
            </h2>
            <p className="mt-2 text-stone-800">
              {order.shippingAddress.firstName} {order.shippingAddress.lastName}
            </p>
            <p className="text-stone-700">
              {order.shippingAddress.street}, {order.shippingAddress.city}, {order.shippingAddress.state}{' '}
              {order.shippingAddress.postalCode}
            </p>
            <p className="text-stone-700">Mobile: {order.shippingAddress.phone}</p>
            {order.buyerGstin && (
              <p className="mt-2 text-stone-700" data-testid="business-buyer">
                GST invoice to {order.buyerBusinessName}, GSTIN {order.buyerGstin}
              </p>
            )}
          </section>
          <section aria-labelledby="order-payment" className="rounded-xl border border-stone-200 p-4 text-sm">
            <h2 id="order-payment" className="font-semibold text-stone-900">
              Payment
            </h2>
            <p className="mt-2 text-stone-800">{PAYMENT_LABELS[order.paymentGateway]}</p>
            <p className="text-stone-700" data-testid="payment-status">
              {paymentStatusText(order)}
            </p>
            {order.refunds.length > 0 && (
              <>
                <h3 className="mt-3 font-semibold text-stone-900">Refunds</h3>
                <ul className="mt-1 space-y-1 text-stone-700">
                  {order.refunds.map((refund) => (
                    <li key={refund.id} data-testid="refund">
                      {formatPrice(refund.amount)} {REFUND_METHOD_LABELS[refund.method].toLowerCase()} ·{' '}
                      {refund.status === 'completed'
                        ? 'Refunded'
                        : refund.status === 'failed'
                          ? 'Failed'
                          : 'In progress'}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>
      </div>

      <CancelOrderDialog orderId={order.id} open={cancelOpen} onClose={() => setCancelOpen(false)} />
    </div>
  );
}
