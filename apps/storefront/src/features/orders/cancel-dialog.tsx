'use client';

import { MAX_REASON_LENGTH, ORDER_MESSAGES, type RefundDestination } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useRouter } from '@/i18n/navigation';
import { useCallback, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormMessage, inputClass } from '@/components/ui/form';
import { useModalDialog } from '@/components/ui/use-modal-dialog';
import { MutationError } from '@/lib/api/browser/mutate';
import { cancelOrder } from '@/lib/api/browser/orders';
import { usePublicConfig } from '@/lib/public-config';

/**
 * The cancel dialog: a modal `<dialog>` (focus moves to the reason when it opens, stays inside,
 * Escape closes it and focus returns to the button that opened it) asking for the reason,
 * which is required, and for a paid order whether the money goes back the way it was paid or
 * to the store credit at once. The API's refusal ('This order has shipped…') or 'Failed to cancel order'
 * is announced in the dialog; success closes it with the toast 'Order cancelled' and renders
 * the page again on the server, which shows the cancelled order (its reason, its refunds).
 */
export function CancelOrderDialog({
  orderId,
  open,
  onClose,
  paid = false,
}: {
  orderId: string;
  open: boolean;
  onClose: () => void;
  /** The order was paid online: the shopper chooses where the money goes (behaviour.md "Store credit"). */
  paid?: boolean;
}) {
  const t = useTranslations('orders.cancel');
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  const [reason, setReason] = useState('');
  const [refundTo, setRefundTo] = useState<RefundDestination>('original');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onOpen = useCallback((dialog: HTMLDialogElement) => dialog.querySelector('textarea')?.focus(), []);
  const { dialogProps, titleId, close } = useModalDialog(open, {
    onOpen,
    onClosed: () => {
      setError(null);
      onClose();
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(ORDER_MESSAGES.cancelReasonRequired);
      (event.currentTarget as HTMLFormElement).querySelector('textarea')?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { message } = await cancelOrder(apiUrl, orderId, reason.trim(), paid ? refundTo : undefined);
      toast.success(message);
      setReason('');
      close();
      router.refresh();
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : ORDER_MESSAGES.cancel);
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      {...dialogProps}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl p-0 shadow-2xl backdrop:bg-stone-900/50"
    >
      <form onSubmit={(event) => void submit(event)} className="p-5" noValidate>
        <h2 id={titleId} className="text-lg font-semibold text-stone-900">
          {t('heading')}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{t('body')}</p>
        <label htmlFor={`${titleId}-reason`} className="mt-4 block text-sm font-medium text-stone-800">
          {t('reason')}
        </label>
        <textarea
          id={`${titleId}-reason`}
          name="reason"
          required
          aria-required="true"
          aria-invalid={error === ORDER_MESSAGES.cancelReasonRequired}
          maxLength={MAX_REASON_LENGTH}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          className={`mt-1.5 ${inputClass}`}
        />
        {paid && (
          <fieldset className="mt-4">
            <legend className="text-sm font-medium text-stone-800">{t('refundTo')}</legend>
            {(['original', 'wallet'] as const).map((destination) => (
              <label key={destination} className="mt-2 flex items-center gap-2 text-sm text-stone-800">
                <input
                  type="radio"
                  name="refundTo"
                  value={destination}
                  checked={refundTo === destination}
                  onChange={() => setRefundTo(destination)}
                  className="size-4 accent-brand-700"
                />
                {t(destination === 'wallet' ? 'refundToWallet' : 'refundToOriginal')}
              </label>
            ))}
          </fieldset>
        )}
        <div className="mt-2">
          <FormMessage message={error} />
        </div>
        <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={close}
            className="rounded-md border border-stone-300 bg-white px-4 py-2.5 text-sm font-semibold text-stone-800 hover:border-stone-900"
          >
            {t('keep')}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded-md bg-red-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
          >
            {busy ? t('cancelling') : t('submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
