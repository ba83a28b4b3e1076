'use client';

import { ORDER_MESSAGES, type Order } from '@vastra/contracts';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useAppDispatch, useAppSelector } from '@/lib/store/hooks';
import { loadInvoice, removeOrder } from '@/lib/store/orders-slice';
import { CancelOrderDialog } from './cancel-dialog';
import { OrderDetailView } from './order-detail-view';
import { TrackingPanel } from './tracking-panel';

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
 * /account/orders/{id} once the store is there: the server's copy of the order until the store's
 * changes (a cancel here), with the invoice download, the cancel dialog, the removal and the
 * tracking panel working.
 */
export function OrderDetail({ initialOrder }: { initialOrder: Order }) {
  const dispatch = useAppDispatch();
  const router = useRouter();
  const stored = useAppSelector((state) => state.orders.byId[initialOrder.id] ?? null);
  const [storedOnArrival] = useState(stored);
  const order = stored && stored !== storedOnArrival ? stored : initialOrder;
  const [cancelOpen, setCancelOpen] = useState(false);
  const [invoiceBusy, setInvoiceBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

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

  return (
    <OrderDetailView
      order={order}
      actions={{
        downloadInvoice: () => void downloadInvoice(),
        invoiceBusy,
        openCancel: () => setCancelOpen(true),
        remove: () => void remove(),
        deleting,
        error: actionError,
      }}
      tracking={<TrackingPanel orderId={order.id} version={order.updatedAt} />}
    >
      <CancelOrderDialog orderId={order.id} open={cancelOpen} onClose={() => setCancelOpen(false)} />
    </OrderDetailView>
  );
}
