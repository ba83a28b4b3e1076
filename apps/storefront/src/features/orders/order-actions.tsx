'use client';

import type { Order } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useState, type ReactNode } from 'react';
import { lazyIsland } from '@/lib/lazy-island';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

// The dialog, and the writes (order-writes.ts), load when first wanted, not with the page.
const CancelOrderDialog = lazyIsland(() => import('./cancel-dialog').then((module) => module.CancelOrderDialog));

const secondaryButton =
  'rounded-md border border-stone-300 bg-white px-4 py-2.5 text-center text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:cursor-wait disabled:opacity-60';

/** What the order's buttons need to know of it. */
export type ActionableOrder = Pick<Order, 'id' | 'orderNumber' | 'invoiceAvailable' | 'canCancel' | 'canDelete'> & {
  /** Paid online: cancelling asks where the money goes. */
  paidOnline?: boolean;
};

/**
 * What the shopper may do on the order page (behaviour.md §10): download the invoice, cancel
 * with a reason (the dialog), remove a never-paid or cancelled order from the list. `children`
 * lead the row (the server's "Return items" link). The buttons are disabled until the page is
 * hydrated; a failure ('Failed to generate invoice', 'Failed to delete order' or the API's
 * message) is announced under them. A cancel renders the page again on the server
 * (cancel-dialog.tsx, mounted while open); a removal toasts and goes back to the list.
 */
export function OrderActions({ order, children }: { order: ActionableOrder; children?: ReactNode }) {
  const t = useTranslations('orders.actions');
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  const hydrated = useHydrated();
  const [cancelOpen, setCancelOpen] = useState(false);
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onInvoice = async () => {
    setInvoiceBusy(true);
    setError(null);
    const { downloadInvoice } = await import('./order-writes');
    setError(await downloadInvoice(apiUrl, order.id));
    setInvoiceBusy(false);
  };

  const onRemove = async () => {
    if (!window.confirm(t('removeConfirm', { number: order.orderNumber }))) return;
    setDeleting(true);
    setError(null);
    const { removeFromOrders } = await import('./order-writes');
    const failure = await removeFromOrders(apiUrl, order.id);
    if (!failure) return router.push('/account/orders');
    setError(failure);
    setDeleting(false);
  };

  return (
    <>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {children}
        {order.invoiceAvailable && (
          <button
            type="button"
            className={secondaryButton}
            disabled={!hydrated || invoiceBusy}
            onClick={() => void onInvoice()}
          >
            {invoiceBusy ? t('preparingInvoice') : t('downloadInvoice')}
          </button>
        )}
        {order.canCancel && (
          <button type="button" className={secondaryButton} disabled={!hydrated} onClick={() => setCancelOpen(true)}>
            {t('cancelOrder')}
          </button>
        )}
        {order.canDelete && (
          <button
            type="button"
            className={secondaryButton}
            disabled={!hydrated || deleting}
            onClick={() => void onRemove()}
          >
            {deleting ? t('removing') : t('remove')}
          </button>
        )}
      </div>
      <div aria-live="polite" aria-atomic="true">
        {error && (
          <p role="alert" className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      {cancelOpen && (
        <CancelOrderDialog
          orderId={order.id}
          open
          onClose={() => setCancelOpen(false)}
          paid={order.paidOnline === true}
        />
      )}
    </>
  );
}
