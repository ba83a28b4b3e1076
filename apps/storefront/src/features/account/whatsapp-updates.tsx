'use client';

import type { WhatsappOptIn } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormMessage, TextField } from '@/components/ui/form';
import { MutationError } from '@/lib/api/browser/mutate';
import { saveWhatsappOptIn } from '@/lib/api/browser/whatsapp';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

/**
 * The account page's "Order updates on WhatsApp" (docs/behaviour.md "WhatsApp updates"): the
 * shopper's choice, read on the server, and the number the updates go to; Save sends both. The
 * controls are disabled until the page is hydrated.
 */
export function WhatsappUpdates({ initial }: { initial: WhatsappOptIn }) {
  const t = useTranslations('account.whatsapp');
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [optedIn, setOptedIn] = useState(initial.optedIn);
  const [phone, setPhone] = useState(initial.phone ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const trimmed = phone.trim();
      const { optIn, message } = await saveWhatsappOptIn(apiUrl, { optedIn, ...(trimmed ? { phone: trimmed } : {}) });
      if (optIn) {
        setOptedIn(optIn.optedIn);
        setPhone(optIn.phone ?? '');
      }
      if (message) toast.success(message);
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="whatsapp-updates-title" className="mt-8 space-y-3 border-t border-stone-200 pt-6">
      <h2 id="whatsapp-updates-title" className="text-lg font-semibold text-stone-900">
        {t('heading')}
      </h2>
      <form noValidate onSubmit={(event) => void submit(event)} className="max-w-sm space-y-4">
        <FormMessage message={error} />
        <label className="flex items-start gap-3 text-sm text-stone-800">
          <input
            type="checkbox"
            checked={optedIn}
            disabled={!hydrated}
            onChange={(event) => setOptedIn(event.target.checked)}
            aria-describedby="whatsapp-updates-hint"
            className="mt-0.5 h-4 w-4 accent-brand-700"
          />
          <span>{t('label')}</span>
        </label>
        <p id="whatsapp-updates-hint" className="text-xs text-stone-600">
          {t('hint')}
        </p>
        <TextField
          label={t('phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={phone}
          disabled={!hydrated}
          onChange={(event) => setPhone(event.target.value)}
        />
        <button
          type="submit"
          disabled={!hydrated || busy}
          className="rounded-md border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:cursor-wait disabled:opacity-70"
        >
          {t('save')}
        </button>
      </form>
    </section>
  );
}
