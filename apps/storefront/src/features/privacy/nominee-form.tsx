'use client';

import type { Nominee } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { FormMessage, TextField } from '@/components/ui/form';
import { removeNominee, saveNominee } from '@/lib/api/browser/consent';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';

const EMPTY = { name: '', relationship: '', email: '', phone: '' };

/**
 * The shopper's nominee (docs/behaviour.md "Consent and the privacy notice"): name, relationship,
 * and an email or a mobile number; Save names or replaces them, Remove takes them away. The API
 * checks the fields and its message is shown. Disabled until the page is hydrated.
 */
export function NomineeForm({ initial }: { initial: Nominee | null }) {
  const t = useTranslations('account.consent.nominee');
  const { apiUrl } = usePublicConfig();
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(initial !== null);
  const [fields, setFields] = useState(
    initial
      ? {
          name: initial.name,
          relationship: initial.relationship,
          email: initial.email ?? '',
          phone: initial.phone ?? '',
        }
      : EMPTY,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const field = (name: keyof typeof fields) => ({
    name,
    value: fields[name],
    disabled: !hydrated,
    onChange: (event: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: event.target.value })),
  });

  const run = async (work: () => Promise<string | undefined>) => {
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const message = await work();
      if (message) toast.success(message);
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const { nominee, message } = await saveNominee(apiUrl, fields);
      if (nominee) setSaved(true);
      return message;
    });
  };

  const remove = () =>
    void run(async () => {
      const message = await removeNominee(apiUrl);
      setSaved(false);
      setFields(EMPTY);
      return message;
    });

  return (
    <form noValidate onSubmit={submit} aria-labelledby="nominee-title" className="max-w-sm space-y-3">
      <h3 id="nominee-title" className="text-base font-semibold text-stone-900">
        {t('title')}
      </h3>
      <p className="text-sm text-stone-600">{t('intro')}</p>
      <FormMessage message={error} />
      <TextField label={t('name')} autoComplete="off" {...field('name')} />
      <TextField label={t('relationship')} autoComplete="off" {...field('relationship')} />
      <TextField
        label={t('email')}
        type="email"
        inputMode="email"
        autoComplete="off"
        hint={t('contactHint')}
        {...field('email')}
      />
      <TextField label={t('phone')} type="tel" inputMode="tel" autoComplete="off" {...field('phone')} />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={!hydrated || busy}
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-70"
        >
          {busy ? t('saving') : t('save')}
        </button>
        {saved && (
          <button
            type="button"
            onClick={remove}
            disabled={!hydrated || busy}
            className="rounded-md border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-800 hover:border-stone-900 disabled:opacity-70"
          >
            {t('remove')}
          </button>
        )}
      </div>
    </form>
  );
}
