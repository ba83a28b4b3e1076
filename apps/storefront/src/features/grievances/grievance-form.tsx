'use client';

import { GRIEVANCE_CATEGORIES, GRIEVANCE_LIMITS, type Grievance, type GrievanceCategory } from '@vastra/contracts';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { FormMessage, inputClass, SubmitButton, TextField } from '@/components/ui/form';
import { lodgeGrievance } from '@/lib/api/browser/grievances';
import { MutationError } from '@/lib/api/browser/mutate';
import { usePublicConfig } from '@/lib/public-config';
import { GrievanceCard, indianDate } from './grievance-card';

/** A signed-in shopper's details, and their order numbers to pick from (newest first). */
export type GrievanceShopper = { name: string; email: string; orderNumbers: string[] } | null;

/**
 * The grievance form (docs/behaviour.md "Grievances"): name, email, optional phone and order
 * (a signed-in shopper picks one of theirs; a guest types one placed with the email given), what
 * it is about and what went wrong. Answered at once with the number, shown with its status.
 */
export function GrievanceForm({ shopper }: { shopper: GrievanceShopper }) {
  const t = useTranslations('account.grievance');
  const locale = useLocale();
  const { apiUrl } = usePublicConfig();
  const ids = { category: useId(), order: useId(), description: useId(), hint: useId() };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [lodged, setLodged] = useState<Grievance | null>(null);
  const [email, setEmail] = useState(shopper?.email ?? '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    setError(null);
    setBusy(true);
    try {
      const { grievance } = await lodgeGrievance(apiUrl, {
        name: text('name'),
        email: text('email'),
        ...(text('phone') ? { phone: text('phone') } : {}),
        ...(text('orderNumber') ? { orderNumber: text('orderNumber') } : {}),
        category: text('category') as GrievanceCategory,
        description: text('description'),
        locale: locale === 'hi' ? 'hi' : 'en',
      });
      setLodged(grievance ?? null);
    } catch (failure) {
      setError(failure instanceof MutationError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  if (lodged) {
    return (
      <div className="space-y-3" role="status">
        <p className="rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2.5 text-sm font-semibold text-emerald-900">
          {t('lodged', { number: lodged.number })}
        </p>
        <p className="text-sm text-stone-700">
          {t('lodgedMail', { email, date: indianDate(lodged.resolveBy, locale) })}
        </p>
        <GrievanceCard grievance={lodged} />
      </div>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-4" noValidate={false}>
      <TextField
        label={t('name')}
        name="name"
        autoComplete="name"
        required
        maxLength={GRIEVANCE_LIMITS.name}
        defaultValue={shopper?.name ?? ''}
      />
      <TextField
        label={t('email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={GRIEVANCE_LIMITS.email}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField label={t('phoneOptional')} name="phone" type="tel" autoComplete="tel" maxLength={20} />
      {shopper ? (
        <div>
          <label htmlFor={ids.order} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t('orderOptional')}
          </label>
          <select id={ids.order} name="orderNumber" className={inputClass} defaultValue="">
            <option value="">{t('orderNone')}</option>
            {shopper.orderNumbers.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <TextField
          label={t('orderNumberOptional')}
          name="orderNumber"
          maxLength={GRIEVANCE_LIMITS.orderNumber}
          hint={t('orderNumberHint')}
        />
      )}
      <div>
        <label htmlFor={ids.category} className="mb-1.5 block text-sm font-medium text-stone-800">
          {t('category')}
        </label>
        <select id={ids.category} name="category" className={inputClass} required defaultValue="order">
          {GRIEVANCE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.description} className="mb-1.5 block text-sm font-medium text-stone-800">
          {t('description')}
        </label>
        <textarea
          id={ids.description}
          name="description"
          required
          minLength={GRIEVANCE_LIMITS.descriptionMin}
          maxLength={GRIEVANCE_LIMITS.description}
          rows={5}
          aria-describedby={ids.hint}
          className={inputClass}
        />
        <p id={ids.hint} className="mt-1 text-xs text-stone-600">
          {t('descriptionHint')}
        </p>
      </div>
      <FormMessage message={error} />
      <SubmitButton busy={busy} busyLabel={t('submitting')}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
