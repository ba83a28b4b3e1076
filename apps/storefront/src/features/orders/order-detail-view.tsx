import type { ExchangeRequest, Order } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { ReactNode } from 'react';
import { OrderTotals, orderFigures } from '@/components/order-totals';
import { MediaImage } from '@/components/ui/media-image';
import { formatPrice } from '@/lib/format';
import { shopDates } from '@/lib/shop-dates';
import { OrderActions } from './order-actions';
import { OrderTimeline } from './order-timeline';
import { paymentStatusText } from './payment-text';
import { OrderStatusBadge, ReturnStatusBadge } from './status-badge';
import { TrackingPanelView } from './tracking-view';

/** The message keys (orders.detail) of how each gateway and refund method reads. */
const PAYMENT_LABELS = {
  sandbox: 'paymentSandbox',
  phonepe: 'paymentPhonepe',
  razorpay: 'paymentRazorpay',
  cod: 'paymentCod',
} as const satisfies Record<Order['paymentGateway'], string>;
const REFUND_METHOD_LABELS = {
  gateway: 'refundGateway',
  gift_card: 'refundGiftCard',
  manual: 'refundManual',
  wallet: 'refundWallet',
} as const satisfies Record<Order['refunds'][number]['method'], string>;

/**
 * /account/orders/{id}: the order in full for its owner (behaviour.md §7 Orders): status, what the shopper
 * may do now (download the invoice, cancel with a reason, return items, remove a failed or
 * cancelled order), the items with their GST lines, totals, address, payment and refunds, the
 * timeline and, once shipped, the tracking panel (`tracking`, read on the server and streamed
 * in; a panel that says it is loading until then). Each returnable line of an order that may
 * still be returned offers "Exchange" (another size or colour, behaviour.md "Exchanges") unless
 * it has an exchange already; the order's `exchanges` show with their status. Rendered on the server; only the buttons
 * (order-actions.tsx) and the tracking's Refresh are client components.
 */
export function OrderDetailView({
  order,
  tracking,
  ndr,
  exchanges = [],
}: {
  order: Order;
  tracking?: ReactNode;
  /** A failed delivery attempt the shopper may answer (ndr-panel.tsx), shown above the tracking. */
  ndr?: ReactNode;
  exchanges?: ExchangeRequest[];
}) {
  const t = useTranslations('orders');
  const dates = shopDates(useLocale());
  const pieces = order.items.reduce((n, line) => n + line.quantity, 0);
  // A line whose exchange was not refused or failed is not offered another one.
  const exchanged = new Set(
    exchanges.filter((e) => e.status !== 'rejected' && e.status !== 'pickup_failed').map((e) => e.orderItemId),
  );
  return (
    <div className="space-y-6">
      <div className="rounded-xl border border-stone-200 p-4 sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-stone-700">
            {t('detail.order')}{' '}
            <span className="font-mono font-semibold text-stone-900" data-testid="order-number">
              {order.orderNumber}
            </span>
          </p>
          <div role="status" aria-live="polite">
            <span className="sr-only">{t('detail.statusPrefix')} </span>
            <OrderStatusBadge status={order.status} label={order.statusLabel} />
          </div>
        </div>
        <p className="mt-1 text-sm text-stone-600">
          {t('detail.placedOn', { date: dates.dateTime(order.createdAt), count: pieces })}
        </p>
        {order.status === 'awaiting_confirmation' && (
          <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('codConfirm.awaitingNote')}</p>
        )}
        {order.cancelReason && (
          <p className="mt-2 text-sm text-stone-700">
            {t('detail.cancelled')}{' '}
            <span className="text-stone-900" data-testid="cancel-reason">
              {order.cancelReason}
            </span>
          </p>
        )}
        {order.returnableUntil && order.canReturn && (
          <p className="mt-2 text-sm text-stone-700">
            {t('detail.returnBy', { date: dates.date(order.returnableUntil) })}
          </p>
        )}
        <OrderActions
          order={{
            id: order.id,
            orderNumber: order.orderNumber,
            invoiceAvailable: order.invoiceAvailable,
            canCancel: order.canCancel,
            canDelete: order.canDelete,
            paidOnline:
              order.paymentStatus === 'completed' && order.paymentGateway !== 'cod' && order.amountPayable > 0,
          }}
        >
          {order.canReturn && (
            <Link
              href={`/account/orders/${order.id}/return`}
              className="rounded-md bg-brand-700 px-4 py-2.5 text-center text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('detail.returnItems')}
            </Link>
          )}
        </OrderActions>
      </div>

      {order.returnRequest && (
        <section aria-labelledby="order-return" className="rounded-xl border border-stone-200 p-4 text-sm">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="order-return" className="font-semibold text-stone-900">
              {order.returnRequest.kind === 'full' ? t('detail.returnHeadingFull') : t('detail.returnHeadingSome')}
            </h2>
            <ReturnStatusBadge status={order.returnRequest.status} />
          </div>
          <p className="mt-1 text-stone-700">
            {t('detail.returnRefund', {
              reason: t(`reason.${order.returnRequest.reason}`),
              amount: formatPrice(order.returnRequest.refundAmount),
            })}
          </p>
          <ul className="mt-2 list-disc pl-5 text-stone-700">
            {order.returnRequest.items.map((item) => (
              <li key={item.orderItemId}>
                {t('detail.returnItem', { name: item.name, size: item.size, quantity: item.quantity })}
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
              {t('detail.creditNote')}
            </a>
          )}
        </section>
      )}

      {exchanges.length > 0 && (
        <section aria-labelledby="order-exchanges" className="rounded-xl border border-stone-200 p-4 text-sm">
          <h2 id="order-exchanges" className="font-semibold text-stone-900">
            {t('exchange.heading')}
          </h2>
          <ul className="mt-2 space-y-2 text-stone-700">
            {exchanges.map((exchange) => (
              <li key={exchange.id} data-testid="exchange">
                <p>
                  {t('exchange.summary', {
                    name: exchange.name,
                    from: exchange.from.size,
                    to: exchange.to.size,
                    color: exchange.to.color,
                  })}
                </p>
                <p className="font-medium text-stone-900" data-testid="exchange-status">
                  {t(`exchange.status.${exchange.status}`)}
                </p>
                {exchange.decisionNote && <p>{exchange.decisionNote}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-6">
          <section aria-labelledby="order-items">
            <h2 id="order-items" className="text-lg font-semibold text-stone-900">
              {t('detail.items')}
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
                      {t('detail.lineDetail', { size: line.size, color: line.color, quantity: line.quantity })}
                    </p>
                    <p className="text-xs text-stone-600">
                      {t('detail.lineTax', { hsn: line.hsnCode, rate: line.taxRate, tax: formatPrice(line.tax) })}
                      {!line.returnable && t('detail.notReturnable')}
                    </p>
                    {order.canReturn && line.returnable && !exchanged.has(line.id) && (
                      <Link
                        href={`/account/orders/${order.id}/exchange?line=${line.id}`}
                        aria-label={t('exchange.actionFor', { name: line.name, size: line.size })}
                        className="mt-1 inline-block text-sm font-medium text-brand-700 underline hover:text-brand-800"
                      >
                        {t('exchange.action')}
                      </Link>
                    )}
                    {line.returnedQuantity > 0 && (
                      <p className="text-xs font-medium text-emerald-800" data-testid="line-returned">
                        {line.returnedQuantity === line.quantity
                          ? t('detail.returnedAll')
                          : t('detail.returnedSome', { count: line.returnedQuantity })}
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
                figures={orderFigures(
                  order,
                  order.paymentStatus === 'completed' ? t('detail.amountPaid') : t('detail.amountPayable'),
                )}
              />
            </div>
          </section>
          <section aria-labelledby="order-timeline">
            <h2 id="order-timeline" className="mb-3 text-lg font-semibold text-stone-900">
              {t('detail.timeline')}
            </h2>
            <OrderTimeline events={order.timeline} />
          </section>
        </div>

        <div className="space-y-6">
          {ndr}
          {order.shipment && (tracking ?? <TrackingPanelView busy />)}
          <section aria-labelledby="order-address" className="rounded-xl border border-stone-200 p-4 text-sm">
            <h2 id="order-address" className="font-semibold text-stone-900">
              {t('detail.deliveryAddress')}
            </h2>
            <p className="mt-2 text-stone-800">
              {order.shippingAddress.firstName} {order.shippingAddress.lastName}
            </p>
            <p className="text-stone-700">
              {order.shippingAddress.street}, {order.shippingAddress.city}, {order.shippingAddress.state}{' '}
              {order.shippingAddress.postalCode}
            </p>
            <p className="text-stone-700">{t('detail.mobile', { phone: order.shippingAddress.phone })}</p>
            {order.buyerGstin && (
              <p className="mt-2 text-stone-700" data-testid="business-buyer">
                {t('detail.gstInvoice', { business: order.buyerBusinessName ?? '', gstin: order.buyerGstin })}
              </p>
            )}
          </section>
          <section aria-labelledby="order-payment" className="rounded-xl border border-stone-200 p-4 text-sm">
            <h2 id="order-payment" className="font-semibold text-stone-900">
              {t('detail.payment')}
            </h2>
            <p className="mt-2 text-stone-800">{t(`detail.${PAYMENT_LABELS[order.paymentGateway]}`)}</p>
            <p className="text-stone-700" data-testid="payment-status">
              {paymentStatusText(order, (key, values) => t(`payment.${key}`, values), dates)}
            </p>
            {order.refunds.length > 0 && (
              <>
                <h3 className="mt-3 font-semibold text-stone-900">{t('detail.refunds')}</h3>
                <ul className="mt-1 space-y-1 text-stone-700">
                  {order.refunds.map((refund) => (
                    <li key={refund.id} data-testid="refund">
                      {t(`detail.${REFUND_METHOD_LABELS[refund.method]}`, {
                        amount: formatPrice(refund.amount),
                        state:
                          refund.status === 'completed'
                            ? t('detail.refundDone')
                            : refund.status === 'failed'
                              ? t('detail.refundFailed')
                              : t('detail.refundPending'),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
