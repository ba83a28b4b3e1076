import { EXCHANGE_MESSAGES, ORDER_MESSAGES } from '@vastra/contracts';
import toast from 'react-hot-toast';
import { MutationError } from '@/lib/api/browser/mutate';
import { getInvoice, removeOrder, sendExchange } from '@/lib/api/browser/orders';
import { saveFile } from '@/lib/api/browser/transfer';

/**
 * The order page's writes (order-actions.tsx) and the exchange's (exchange-form.tsx), loaded with the first tap so the page's own
 * JavaScript carries neither the calls nor the messages. Each resolves to null once done, or
 * to the message to announce: the API's, else behaviour.md §8's 'Failed to generate invoice' /
 * 'Failed to delete order'.
 */

/** Downloads the order's invoice PDF and saves it (invoice-{id}.pdf unless the API names it). */
export async function downloadInvoice(apiUrl: string, orderId: string): Promise<string | null> {
  try {
    const file = await getInvoice(apiUrl, orderId);
    saveFile(file.blob, file.filename ?? `invoice-${orderId}.pdf`);
    return null;
  } catch (failure) {
    return failure instanceof MutationError ? failure.message : ORDER_MESSAGES.invoice;
  }
}

/** Removes the order from the shopper's list and toasts 'Order removed from your list' (or the API's words). */
export async function removeFromOrders(apiUrl: string, orderId: string): Promise<string | null> {
  try {
    toast.success(await removeOrder(apiUrl, orderId));
    return null;
  } catch (failure) {
    return failure instanceof MutationError ? failure.message : ORDER_MESSAGES.delete;
  }
}

/**
 * Sends the exchange form (POST /orders/{id}/exchange, behaviour.md "Exchanges") and toasts the
 * API's "Exchange requested"; null once done, else the message to announce (the API's, else
 * 'Failed to request exchange').
 */
export async function requestExchange(apiUrl: string, orderId: string, form: FormData): Promise<string | null> {
  try {
    toast.success(await sendExchange(apiUrl, orderId, form, () => {}));
    return null;
  } catch (failure) {
    return failure instanceof MutationError ? failure.message : EXCHANGE_MESSAGES.failed;
  }
}
