'use client';

import { ADDRESS_MESSAGES, DELIVERY_MESSAGES, type DeliveryEstimate } from '@vastra/contracts';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { inputClass } from '@/components/ui/form';
import { ApiError } from '@/lib/api/api-error';
import { createBrowserApi } from '@/lib/api/browser/client';
import { usePublicConfig } from '@/lib/public-config';
import { formatDeliveryDate, isPincode, rememberedPincode, rememberPincode } from '@/lib/delivery';

type Answer = { kind: 'estimate'; estimate: DeliveryEstimate } | { kind: 'error'; message: string };

/**
 * One estimate (GET /shipping/delivery-estimate?pincode, a public read), or the message of its
 * failure: the API's, else 'We could not find this pincode. Please check it.';
 * a refused connection or a timeout keeps its own text. Through the browser client.
 */
async function fetchEstimate(apiUrl: string, pincode: string): Promise<Answer> {
  const query = new URLSearchParams({ pincode });
  try {
    const answer = await createBrowserApi({ baseUrl: apiUrl, onUnauthorized: () => {} }).request<DeliveryEstimate>(
      `/shipping/delivery-estimate?${query}`,
    );
    if (!answer.data?.deliveryBy) return { kind: 'error', message: ADDRESS_MESSAGES.pincodeUnknown };
    return { kind: 'estimate', estimate: answer.data };
  } catch (error) {
    const known = error instanceof ApiError && !error.isGeneric;
    return { kind: 'error', message: known ? error.message : ADDRESS_MESSAGES.pincodeUnknown };
  }
}

/**
 * "Check delivery" (docs/shopper-features.md "Delivery by pincode"), on the product page and in
 * the cart: a pincode, remembered in this browser and checked again on the next page, answered
 * with the day the parcel should arrive and whether cash on delivery is offered there. The
 * answer (or why there is none) is in a polite live region.
 */
export function CheckDeliveryForm() {
  const ids = useId();
  const t = useTranslations('product.delivery');
  const locale = useLocale();
  const format = useFormatter();
  // English keeps its Indian day format ("Thu, 3 Dec"); Hindi gets Hindi day and month names.
  const dayOf = (isoDate: string) =>
    locale === 'en'
      ? formatDeliveryDate(isoDate)
      : format.dateTime(new Date(`${isoDate}T00:00:00Z`), {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          timeZone: 'UTC',
        });
  const { apiUrl } = usePublicConfig();
  const [pincode, setPincode] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);

  const check = async (value: string) => {
    const wanted = value.trim();
    if (!isPincode(wanted)) {
      setAnswer({ kind: 'error', message: DELIVERY_MESSAGES.pincode });
      return;
    }
    setBusy(true);
    const next = await fetchEstimate(apiUrl, wanted);
    if (next.kind === 'estimate') rememberPincode(wanted);
    setAnswer(next);
    setBusy(false);
  };

  // The pincode of last time, checked again: the promise is there without typing.
  useEffect(() => {
    const kept = rememberedPincode();
    if (!kept) return;
    let live = true;
    const show = (next: Answer) => {
      if (!live) return;
      setPincode(kept);
      setAnswer(next);
    };
    void fetchEstimate(apiUrl, kept).then(show);
    return () => {
      live = false;
    };
  }, [apiUrl]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check(pincode);
  };

  return (
    <section aria-labelledby={`${ids}-heading`} className="mt-6">
      <h2 id={`${ids}-heading`} className="text-sm font-semibold tracking-wide text-stone-900 uppercase">
        {t('heading')}
      </h2>
      <form noValidate onSubmit={submit} className="mt-2 flex max-w-sm items-end gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${ids}-pincode`} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t('pincode')}
          </label>
          <input
            id={`${ids}-pincode`}
            name="delivery-pincode"
            value={pincode}
            onChange={(event) => setPincode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            aria-invalid={answer?.kind === 'error' ? true : undefined}
            aria-describedby={`${ids}-answer`}
            className={inputClass}
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="shrink-0 rounded-md border border-brand-700 px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:border-stone-300 disabled:text-stone-500"
        >
          {busy ? t('checking') : t('check')}
        </button>
      </form>
      <div id={`${ids}-answer`} role="status" aria-live="polite" data-testid="delivery-answer" className="mt-2 text-sm">
        {answer?.kind === 'estimate' && (
          <>
            <p className="font-semibold text-stone-900">
              {t('by', { date: dayOf(answer.estimate.deliveryBy) })}
              <span className="font-normal text-stone-600">
                {' '}
                {t('to', {
                  city: answer.estimate.city,
                  state: answer.estimate.state,
                  pincode: answer.estimate.pincode,
                })}
              </span>
            </p>
            <p className={answer.estimate.codAvailable ? 'text-emerald-800' : 'text-stone-700'}>
              {t(answer.estimate.codAvailable ? 'cod' : 'noCod')}
            </p>
          </>
        )}
        {answer?.kind === 'error' && <p className="font-medium text-red-800">{answer.message}</p>}
      </div>
    </section>
  );
}
