'use client';

import { CART_MESSAGES, ORDER_MESSAGES, type Order, type PaymentStatusResult } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { SpecMessage } from '@/i18n/spec-messages';
import { notFound } from 'next/navigation';
import { useRouter } from '@/i18n/navigation';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { LoginPrompt } from '@/components/ui/login-prompt';
import { OrderTotals, orderFigures } from '@/components/order-totals';
import { addCartLine } from '@/lib/api/browser/cart';
import { readOrderConfirmation, readPaymentStatus } from '@/lib/api/browser/checkout';
import { MutationError } from '@/lib/api/browser/mutate';
import { publishCartAnswer } from '@/lib/cart-channel';
import { formatPrice } from '@/lib/format';
import { usePublicConfig } from '@/lib/public-config';
import { useShopper } from '@/lib/shopper-context';
import { shopDates } from '@/lib/shop-dates';
import { addressLine } from './address-draft';
import { SummaryLines, type SummaryLine } from './order-summary';
import { confirmationState, PAYMENT_STATUS_POLL_MS, SHIPS_WITHIN_DAYS } from './confirmation-state';

const toSummaryLine = (line: Order['items'][number]): SummaryLine => ({
  id: line.id,
  name: line.name,
  brand: line.brand,
  size: line.size,
  color: line.color,
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  lineTotal: line.lineSubtotal,
  image: line.image,
});

/**
 * The order confirmation (behaviour.md §2, §4 paymentStatus): the order number, where the payment stands
 * (asked every PAYMENT_STATUS_POLL_MS until it is completed or failed; a cash on delivery order
 * stays pending until delivery and is not asked again), the itemised order with its GST, the
 * address and what happens next. Only the order's owner sees it: the API answers 404 to anyone
 * else, and so does this page. The shopper is the one the server rendered the page for (the
 * shopper context); the status and the order are read by the browser (read(), with the session
 * cookie), the order's failure said as 'Failed to send order confirmation' (behaviour.md §8).
 */
export function ConfirmationTemplate({ orderId }: { orderId: string }) {
  const { user } = useShopper();
  const t = useTranslations('checkout.confirmation');
  return (
    <div className="mx-auto max-w-5xl px-4 pt-6 pb-12 sm:pt-10">
      {user ? (
        <OrderConfirmation key={user.id} orderId={orderId} email={user.email} />
      ) : (
        <>
          <h1 className="text-xl font-semibold tracking-tight text-stone-900 sm:text-2xl">{t('yourOrder')}</h1>
          <LoginPrompt message={t('loginMessage')} />
        </>
      )}
    </div>
  );
}

function OrderConfirmation({ orderId, email }: { orderId: string; email: string | null }) {
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  const t = useTranslations('checkout.confirmation');
  const locale = useLocale();
  const [payment, setPayment] = useState<PaymentStatusResult | null>(null);
  const [order, setOrder] = useState<Order | null>(null);
  const [missing, setMissing] = useState(false);
  const [statusError, setStatusError] = useState<string | null>(null);
  const [orderError, setOrderError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [retrying, setRetrying] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // behaviour.md §4: the payment status, asked again every 2 s while an online payment is pending.
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const answer = await readPaymentStatus(apiUrl, orderId);
        if (stopped) return;
        setPayment(answer);
        setStatusError(null);
        if (answer.paymentStatus === 'pending' && answer.paymentGateway !== 'cod') {
          timer = setTimeout(() => void ask(), PAYMENT_STATUS_POLL_MS);
        }
      } catch (error) {
        if (stopped) return;
        if (error instanceof MutationError && error.status === 404) setMissing(true);
        else setStatusError(error instanceof MutationError ? error.message : ORDER_MESSAGES.status);
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [apiUrl, orderId, round]);

  // The order itself: once the status is known, and again each time it changes.
  const phase = payment ? `${payment.paymentStatus}:${payment.status}` : null;
  useEffect(() => {
    if (!phase) return;
    let current = true;
    readOrderConfirmation(apiUrl, orderId)
      .then((loaded) => {
        if (!current) return;
        setOrder(loaded);
        setOrderError(null);
      })
      .catch((error: unknown) => {
        if (!current) return;
        if (error instanceof MutationError && error.status === 404) setMissing(true);
        else setOrderError(error instanceof MutationError ? error.message : ORDER_MESSAGES.confirmation);
      });
    return () => {
      current = false;
    };
  }, [apiUrl, orderId, phase, round]);

  // A settled payment changes the whole message: focus its heading so it is read out.
  const settled = payment?.paymentStatus !== 'pending' ? payment?.paymentStatus : null;
  useEffect(() => {
    if (settled) headingRef.current?.focus();
  }, [settled]);

  // Place order is far down checkout: the confirmation opens at its top, the order number on
  // screen, and again once it has something to show. Checkout navigates here without the
  // router's scroll, which aligns the page's segment (below the sticky header) instead. A page
  // opening does not glide there: the page's smooth scrolling is for in-page links.
  const shown = payment !== null && order !== null;
  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [shown]);

  if (missing) notFound();

  const error = statusError ?? (order ? null : orderError);
  if (error && (!payment || !order)) {
    return (
      <div role="alert" className="mx-auto flex max-w-lg flex-col items-center py-16 text-center">
        <h1 className="text-xl font-semibold text-stone-900 sm:text-2xl">
          <SpecMessage text={error} />
        </h1>
        <p className="mt-2 text-stone-600">{t('checkConnection')}</p>
        <button
          type="button"
          onClick={() => setRound((n) => n + 1)}
          className="mt-6 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          {t('tryAgain')}
        </button>
      </div>
    );
  }
  if (!payment || !order) return <ConfirmationSkeleton />;

  const view = confirmationState(payment, order, t, shopDates(locale).time);

  /**
   * Puts the order's lines back in the cart (POST /cart/add, each answered cart published to the
   * header and the other tabs) and goes to checkout (a failed payment released them); a line
   * that cannot go back says why.
   */
  const tryAgain = async () => {
    setRetrying(true);
    for (const line of order.items) {
      try {
        const answer = await addCartLine(
          apiUrl,
          { productId: line.productId, variantId: line.variantId, quantity: line.quantity },
          null,
        );
        publishCartAnswer(answer.cart);
      } catch (error) {
        const message = error instanceof MutationError ? error.message : CART_MESSAGES.add;
        toast.error(t('lineFailed', { name: line.name, size: line.size, message }));
      }
    }
    router.push('/checkout');
  };

  return (
    <>
      <div
        className={`rounded-xl border p-5 sm:p-6 ${
          view.tone === 'success'
            ? 'border-emerald-200 bg-emerald-50'
            : view.tone === 'error'
              ? 'border-red-200 bg-red-50'
              : 'border-saffron-100 bg-saffron-100/40'
        }`}
      >
        <p className="text-sm text-stone-700">
          {t('orderNumber')}{' '}
          <span className="font-mono font-semibold text-stone-900" data-testid="order-number">
            {order.orderNumber}
          </span>
        </p>
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="mt-1 text-2xl font-bold tracking-tight text-stone-900 focus:outline-none"
        >
          {view.heading}
        </h1>
        <p role="status" aria-live="polite" className="mt-2 text-stone-800" data-testid="payment-status">
          {view.text}
        </p>
        {statusError && (
          <p className="mt-2 text-sm font-medium text-red-800">
            <SpecMessage text={statusError} />
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          {view.paymentUrl && (
            <a
              href={view.paymentUrl}
              className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
            >
              {t('returnToPayment')}
            </a>
          )}
          {view.canRetry && (
            <button
              type="button"
              disabled={retrying}
              onClick={() => void tryAgain()}
              className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:bg-brand-600"
            >
              {retrying ? t('retrying') : t('tryAgain')}
            </button>
          )}
          <Link
            href={`/account/orders/${order.id}`}
            className="rounded-md border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:border-stone-900"
          >
            {t('viewOrder')}
          </Link>
          <Link
            href="/shop"
            className="rounded-md border border-stone-300 bg-white px-5 py-2.5 text-sm font-semibold text-stone-800 hover:border-stone-900"
          >
            {t('continueShopping')}
          </Link>
        </div>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="order-items">
          <h2 id="order-items" className="text-lg font-semibold text-stone-900">
            {t('yourOrder')}
          </h2>
          <SummaryLines lines={order.items.map(toSummaryLine)} />
          <div className="mt-2 border-t border-stone-200 pt-4">
            <OrderTotals figures={orderFigures(order, view.payableLabel)} />
          </div>
        </section>

        <div className="space-y-6">
          <section aria-labelledby="order-address" className="rounded-xl border border-stone-200 p-4 text-sm">
            <h2 id="order-address" className="font-semibold text-stone-900">
              {t('deliveryAddress')}
            </h2>
            <p className="mt-2 text-stone-800">
              {order.shippingAddress.firstName} {order.shippingAddress.lastName}
            </p>
            <p className="text-stone-700">{addressLine(order.shippingAddress)}</p>
            <p className="text-stone-700">{t('mobile', { phone: order.shippingAddress.phone })}</p>
            {order.buyerGstin && (
              <p className="mt-2 text-stone-700">
                {t('gstInvoice', { business: order.buyerBusinessName ?? '', gstin: order.buyerGstin })}
              </p>
            )}
          </section>
          <section aria-labelledby="order-next" className="rounded-xl border border-stone-200 p-4 text-sm">
            <h2 id="order-next" className="font-semibold text-stone-900">
              {t('nextHeading')}
            </h2>
            <ul className="mt-2 list-disc space-y-1.5 pl-5 text-stone-700">
              {view.next(email, formatPrice(order.amountPayable), SHIPS_WITHIN_DAYS).map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}

function ConfirmationSkeleton() {
  return (
    <div aria-hidden="true" className="animate-pulse space-y-6">
      <div className="h-40 rounded-xl bg-stone-100" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="h-72 rounded-xl bg-stone-100" />
        <div className="h-48 rounded-xl bg-stone-100" />
      </div>
    </div>
  );
}
