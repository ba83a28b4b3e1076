import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { inputClass } from '@/components/ui/form';
import { SpecMessage } from '@/i18n/spec-messages';
import type { BusinessDraft, BusinessField } from './business-draft';

type Props = {
  draft: BusinessDraft;
  /** Absent in the server's render (its fields disabled). */
  onChange?: (draft: BusinessDraft) => void;
  errors: Partial<Record<BusinessField, string>>;
};

/**
 * The optional business buyer's details (behaviour.md §10 Business buyers): a GSTIN and the
 * business name, printed on the tax invoice so the business can claim the GST as input tax credit.
 */
export function BusinessSection({ draft, onChange, errors }: Props) {
  const t = useTranslations('checkout.business');
  const ids = useId();
  const field = (name: BusinessField, label: string, extra: { maxLength: number; autoComplete: string }) => (
    <div>
      <label htmlFor={`${ids}-${name}`} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={`${ids}-${name}`}
        name={name}
        value={draft[name]}
        onChange={onChange && ((event) => onChange({ ...draft, [name]: event.target.value }))}
        readOnly={!onChange}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${ids}-${name}-error` : undefined}
        className={inputClass}
        {...extra}
      />
      {errors[name] && (
        <p id={`${ids}-${name}-error`} className="mt-1 text-xs font-medium text-red-800">
          <SpecMessage text={errors[name]} />
        </p>
      )}
    </div>
  );
  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-xl border border-stone-200 p-4 sm:p-5">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-stone-900">
        {t('heading')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('intro')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {field('gstin', t('gstin'), { maxLength: 20, autoComplete: 'off' })}
        {field('businessName', t('businessName'), { maxLength: 120, autoComplete: 'organization' })}
      </div>
    </section>
  );
}
