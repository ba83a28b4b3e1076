'use client';

import {
  EXCHANGE_PHOTO_REASONS,
  MAX_RETURN_FILES,
  RETURN_REASONS,
  type ExchangeOption,
  type ReturnReason,
} from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Link, useRouter } from '@/i18n/navigation';
import { formatPrice } from '@/lib/format';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

/** The line being exchanged, as the order shows it. */
export type ExchangeLine = { orderItemId: string; name: string; size: string; color: string; quantity: number };

/**
 * /account/orders/{id}/exchange (behaviour.md "Exchanges"): the sizes and colours of the line's
 * product, those without stock shown but not choosable (with the return offered instead), the
 * price difference of each; a reason, a comment and photos (needed for "Damaged" and "Not as
 * shown"). Sends the form, toasts the API's message and goes back to the order; a refusal (the
 * API's message) is announced under the button. Controls wait for hydration.
 */
export function ExchangeForm({
  orderId,
  line,
  options,
}: {
  orderId: string;
  line: ExchangeLine;
  options: ExchangeOption[];
}) {
  const t = useTranslations('orders');
  const { apiUrl } = usePublicConfig();
  const router = useRouter();
  const hydrated = useHydrated();
  const [variantId, setVariantId] = useState('');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [comment, setComment] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inStock = options.filter((o) => o.inStock);
  const needsPhoto = reason !== '' && EXCHANGE_PHOTO_REASONS.includes(reason);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!variantId) return setError(t('exchange.chooseSize'));
    if (!reason) return setError(t('exchange.chooseReason'));
    if (needsPhoto && files.length === 0) return setError(t('exchange.photoNeeded'));
    setError(null);
    setBusy(true);
    const form = new FormData();
    form.set('orderItemId', line.orderItemId);
    form.set('variantId', variantId);
    form.set('reason', reason);
    if (comment.trim()) form.set('comment', comment.trim());
    for (const file of files) form.append('files', file);
    // The call and the toaster load with the tap: the page's own JavaScript carries neither.
    const { requestExchange } = await import('./order-writes');
    const failed = await requestExchange(apiUrl, orderId, form);
    if (failed === null) return router.push(`/account/orders/${orderId}`);
    setError(failed);
    setBusy(false);
  };

  const differenceText = (option: ExchangeOption) =>
    option.priceDifference > 0
      ? t('exchange.pay', { amount: formatPrice(option.priceDifference) })
      : option.priceDifference < 0
        ? t('exchange.refund', { amount: formatPrice(-option.priceDifference) })
        : t('exchange.samePrice');

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="space-y-5 rounded-xl border border-stone-200 p-4 sm:p-5">
      <p className="text-sm text-stone-700">
        {t('exchange.current', { name: line.name, size: line.size, color: line.color, quantity: line.quantity })}
      </p>
      <fieldset>
        <legend className="text-sm font-semibold text-stone-900">{t('exchange.newSize')}</legend>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {options.map((option) => (
            <li key={option.variantId}>
              <label
                className={`flex min-h-11 items-center gap-3 rounded-md border px-3 py-2 text-sm ${
                  option.inStock
                    ? 'cursor-pointer border-stone-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50'
                    : 'border-stone-200 bg-stone-50 text-stone-600'
                }`}
              >
                <input
                  type="radio"
                  name="variantId"
                  value={option.variantId}
                  checked={variantId === option.variantId}
                  disabled={!hydrated || !option.inStock}
                  onChange={() => setVariantId(option.variantId)}
                />
                <span className="flex-1">
                  <span className="font-semibold text-stone-900">
                    {t('exchange.sizeOption', { size: option.size, color: option.color })}
                  </span>
                  <span className="block text-xs text-stone-600">
                    {option.inStock ? differenceText(option) : t('exchange.outOfStock')}
                  </span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {inStock.length === 0 && (
          <p className="mt-2 text-sm text-stone-700">
            {t('exchange.noneInStock')}{' '}
            <Link href={`/account/orders/${orderId}/return`} className="font-medium text-brand-700 underline">
              {t('exchange.returnInstead')}
            </Link>
          </p>
        )}
      </fieldset>
      <div>
        <label htmlFor="exchange-reason" className="block text-sm font-semibold text-stone-900">
          {t('exchange.reason')}
        </label>
        <select
          id="exchange-reason"
          value={reason}
          disabled={!hydrated}
          onChange={(e) => setReason(e.target.value as ReturnReason | '')}
          className="mt-1 min-h-11 w-full rounded-md border border-stone-300 bg-white px-3 text-sm"
        >
          <option value="">{t('exchange.reasonPlaceholder')}</option>
          {RETURN_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`reason.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="exchange-comment" className="block text-sm font-semibold text-stone-900">
          {t('exchange.comment')}
        </label>
        <textarea
          id="exchange-comment"
          value={comment}
          maxLength={1000}
          rows={3}
          disabled={!hydrated}
          onChange={(e) => setComment(e.target.value)}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2 text-sm"
        />
      </div>
      <div>
        <label htmlFor="exchange-photos" className="block text-sm font-semibold text-stone-900">
          {needsPhoto ? t('exchange.photosNeeded') : t('exchange.photos')}
        </label>
        <input
          id="exchange-photos"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          multiple
          disabled={!hydrated}
          onChange={(e) => setFiles([...(e.target.files ?? [])].slice(0, MAX_RETURN_FILES))}
          className="mt-1 block w-full text-sm"
        />
      </div>
      <div aria-live="polite" aria-atomic="true">
        {error && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={!hydrated || busy || inStock.length === 0}
        className="w-full rounded-md bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
      >
        {busy ? t('exchange.sending') : t('exchange.submit')}
      </button>
    </form>
  );
}
