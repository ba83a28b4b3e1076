'use client';

import { OPTIONAL_CONSENT_PURPOSES, type Consents, type OptionalConsentPurpose } from '@vastra/contracts';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { SpecMessage } from '@/i18n/spec-messages';
import { giveConsent } from '@/lib/api/browser/consent';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

type Current = Consents['current'][number];

/**
 * Each purpose and its state: the account and orders (taken with the notice; they end with the
 * account), and each optional purpose with one button, "Withdraw" when on, "Turn on" when off.
 * The API's message, or its refusal (WhatsApp without a number), is said in a live region.
 * Buttons are disabled until the page is hydrated.
 */
export function ConsentChoices({ initial }: { initial: Current[] }) {
  const t = useTranslations('account.consent');
  const format = useFormatter();
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [current, setCurrent] = useState(initial);
  const [busy, setBusy] = useState<OptionalConsentPurpose | null>(null);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);

  const stateOf = (purpose: string) => current.find((r) => r.purpose === purpose);
  const since = (r: Current | undefined) =>
    r?.given ? t('on', { date: format.dateTime(new Date(r.at), { dateStyle: 'medium' }) }) : t('off');

  const change = async (purpose: OptionalConsentPurpose, given: boolean) => {
    setBusy(purpose);
    setSaid(null);
    try {
      const { record, message } = await giveConsent(apiUrl, purpose, given);
      if (record) {
        setCurrent((list) => [
          ...list.filter((r) => r.purpose !== purpose),
          { ...record, given: record.action === 'given' },
        ]);
      }
      if (message) setSaid({ text: message, error: false });
    } catch (failure) {
      setSaid({ text: failure instanceof MutationError ? failure.message : String(failure), error: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-2">
      <ul className="divide-y divide-stone-200 rounded-md border border-stone-200 text-sm">
        {(['account', 'orders'] as const).map((purpose) => (
          <li key={purpose} className="flex items-center justify-between gap-3 px-3 py-2">
            <span className="font-medium text-stone-900">{t(`purposes.${purpose}`)}</span>
            <span className="text-stone-600">{since(stateOf(purpose))}</span>
          </li>
        ))}
        {OPTIONAL_CONSENT_PURPOSES.map((purpose) => {
          const state = stateOf(purpose);
          const on = state?.given === true;
          return (
            <li key={purpose} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2">
              <span>
                <span className="block font-medium text-stone-900">{t(`purposes.${purpose}`)}</span>
                <span className="text-stone-600">{since(state)}</span>
              </span>
              <button
                type="button"
                disabled={!hydrated || busy !== null}
                onClick={() => void change(purpose, !on)}
                aria-label={`${on ? t('withdraw') : t('give')}: ${t(`purposes.${purpose}`)}`}
                className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:cursor-wait disabled:opacity-70"
              >
                {on ? t('withdraw') : t('give')}
              </button>
            </li>
          );
        })}
      </ul>
      <p
        aria-live="polite"
        className={`min-h-5 text-sm font-semibold ${said?.error ? 'text-red-700' : 'text-emerald-800'}`}
      >
        {said ? <SpecMessage text={said.text} /> : null}
      </p>
    </div>
  );
}
