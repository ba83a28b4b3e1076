'use client';

import { NDR_MAX_NOTE_LENGTH, type DeliveryUpdates } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { SpecMessage } from '@/i18n/spec-messages';
import { shopDates } from '@/lib/shop-dates';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';
import { ndrBody } from './ndr-choice';

type Ndr = NonNullable<DeliveryUpdates['ndr']>;

/**
 * A failed delivery attempt on the order page (docs/behaviour.md "Courier updates: NDR and
 * RTO"): the courier's reason and, until the shopper answered, a form asking for a new attempt on
 * the courier's next round or one of the next 3 days, optionally at another mobile number and
 * with a note (POST /orders/{id}/ndr, loaded with the first tap). The API's message is announced
 * and the form gives way to the answer given.
 */
export function NdrPanel({ orderId, ndr }: { orderId: string; ndr: Ndr }) {
  const t = useTranslations('orders.ndr');
  const dates = shopDates(useLocale());
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [answer, setAnswer] = useState(ndr.answer);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setMessage(null);
    try {
      const { answerDeliveryAttempt } = await import('@/lib/api/browser/courier');
      const { answer: given, message: said } = await answerDeliveryAttempt(
        apiUrl,
        orderId,
        ndrBody({
          when: String(form.get('when') ?? 'next'),
          phone: String(form.get('phone') ?? ''),
          note: String(form.get('note') ?? ''),
        }),
      );
      setMessage({ text: said ?? '', ok: true });
      if (given) setAnswer(given);
    } catch (failure) {
      setMessage({ text: failure instanceof Error ? failure.message : String(failure), ok: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="order-ndr" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm">
      <h2 id="order-ndr" className="font-semibold text-amber-950">
        {t('heading')}
      </h2>
      <p className="mt-1 text-amber-950">
        {t('attempted', { date: dates.dateTime(ndr.attemptedAt), count: ndr.attempts })}
      </p>
      {ndr.reason && (
        <p className="mt-1 text-amber-950">
          {t('reason')} <span data-testid="ndr-reason">{ndr.reason}</span>
        </p>
      )}
      {answer ? (
        <p className="mt-3 text-stone-900" data-testid="ndr-answer">
          {answer.preferredDate
            ? t('answeredOn', { date: dates.date(`${answer.preferredDate}T12:00:00+05:30`) })
            : t('answeredNext')}
          {answer.phoneEnding ? ` ${t('answeredPhone', { ending: answer.phoneEnding })}` : ''}
        </p>
      ) : ndr.open ? (
        <form onSubmit={(e) => void submit(e)} className="mt-3 space-y-3">
          <fieldset>
            <legend className="font-medium text-stone-900">{t('when')}</legend>
            <label className="mt-1 flex items-center gap-2">
              <input type="radio" name="when" value="next" defaultChecked />
              {t('nextRound')}
            </label>
            {ndr.dates.map((day) => (
              <label key={day} className="mt-1 flex items-center gap-2">
                <input type="radio" name="when" value={day} />
                {dates.date(`${day}T12:00:00+05:30`)}
              </label>
            ))}
          </fieldset>
          <label className="block">
            <span className="font-medium text-stone-900">{t('phone')}</span>
            <input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
            />
            <span className="text-xs text-stone-700">{t('phoneHint')}</span>
          </label>
          <label className="block">
            <span className="font-medium text-stone-900">{t('note')}</span>
            <textarea
              name="note"
              maxLength={NDR_MAX_NOTE_LENGTH}
              rows={2}
              className="mt-1 block w-full rounded-md border border-stone-300 px-3 py-2"
            />
          </label>
          <button
            type="submit"
            disabled={!hydrated || busy}
            className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
          >
            {busy ? t('sending') : t('submit')}
          </button>
        </form>
      ) : null}
      <div aria-live="polite">
        {message && (
          <p className={`mt-2 font-semibold ${message.ok ? 'text-emerald-800' : 'text-red-700'}`}>
            <SpecMessage text={message.text} />
          </p>
        )}
      </div>
    </section>
  );
}
