'use client';

import { type Grievance } from '@vastra/contracts';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { FormMessage, SubmitButton, TextField } from '@/components/ui/form';
import { lookupGrievance } from '@/lib/api/browser/grievances';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { GrievanceCard } from './grievance-card';

/** The status of a grievance by its number and the email it was lodged with, for anyone (docs/behaviour.md "Grievances"). */
export function GrievanceLookup() {
  const t = useTranslations('account.grievance');
  const { apiUrl } = usePublicConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [found, setFound] = useState<Grievance | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setError(null);
    setFound(null);
    setBusy(true);
    try {
      const grievance = await lookupGrievance(apiUrl, {
        number: String(form.get('number') ?? '').trim(),
        email: String(form.get('email') ?? '').trim(),
      });
      setFound(grievance ?? null);
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <form onSubmit={(e) => void submit(e)} className="space-y-4">
        <TextField label={t('number')} name="number" required placeholder="GRV-2026-000123" autoComplete="off" />
        <TextField label={t('lookupEmail')} name="email" type="email" autoComplete="email" required />
        <FormMessage message={error} />
        <SubmitButton busy={busy} busyLabel={t('looking')}>
          {t('lookup')}
        </SubmitButton>
      </form>
      <div aria-live="polite">{found && <GrievanceCard grievance={found} />}</div>
    </div>
  );
}
